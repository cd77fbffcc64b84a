// A local stand-in for the two outside services the server calls, so browser tests run without internet:
//   GET /vehicle?kjennemerke=AB12345  → the Statens vegvesen fixture (any other plate: 204, as the registry
//                                       answers for an unknown number); no "SVV-Authorization: Apikey <key>"
//                                       header → 403, as the real registry does.
//   GET /address?sok=<text>           → the Geonorge fixture's addresses that match the text (case-insensitive;
//                                       every word of the text must occur in "adressetekst postnummer poststed"),
//                                       else `adresser: []`.
//   GET /__requests                   → every request received so far, for tests that check what was asked.
// The server is pointed at it with VEHICLE_API_URL=<url>/vehicle and ADDRESS_API_URL=<url>/address.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/testing/fixtures');
const readFixture = (name: string) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));

export const KNOWN_PLATE = 'AB12345';
export const UNKNOWN_PLATE = 'ZZ99999';

export interface FakeUpstreams {
  url: string;
  vehicleUrl: string;
  addressUrl: string;
  close(): Promise<void>;
}

export async function startFakeUpstreams(opts: { apiKey?: string } = {}): Promise<FakeUpstreams> {
  const vehicle = readFixture('vegvesen-example.json');
  const geonorge = readFixture('geonorge-example.json') as { metadata: Record<string, unknown>; adresser: Record<string, unknown>[] };
  const received: { method: string; url: string; at: string }[] = [];

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    if (url.pathname === '/__requests') return send(res, 200, received);
    received.push({ method: req.method ?? 'GET', url: req.url ?? '/', at: new Date().toISOString() });

    if (url.pathname.startsWith('/vehicle')) {
      if (opts.apiKey && req.headers['svv-authorization'] !== `Apikey ${opts.apiKey}`) {
        return send(res, 403, { feilmelding: 'Ugyldig eller manglende API-nøkkel' });
      }
      const plate = (url.searchParams.get('kjennemerke') ?? '').replace(/\s+/g, '').toUpperCase();
      if (plate === KNOWN_PLATE) return send(res, 200, vehicle);
      return send(res, 204);
    }

    if (url.pathname.startsWith('/address')) {
      const text = (url.searchParams.get('sok') ?? url.searchParams.get('q') ?? '').toLowerCase();
      const words = text.split(/[\s,]+/).filter(Boolean);
      const adresser = words.length
        ? geonorge.adresser.filter((a) => {
            const hay = `${a.adressetekst} ${a.postnummer} ${a.poststed}`.toLowerCase();
            return words.every((w) => hay.includes(w));
          })
        : [];
      return send(res, 200, {
        metadata: { ...geonorge.metadata, totaltAntallTreff: adresser.length, sokeStreng: url.search.slice(1) },
        adresser,
      });
    }

    return send(res, 404, { message: 'fake upstream: unknown path' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    vehicleUrl: `${base}/vehicle`,
    addressUrl: `${base}/address`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
