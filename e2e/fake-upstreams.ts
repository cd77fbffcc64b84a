// A local HTTP stand-in for the two outside services the server calls, so browser tests run without internet.
// It answers with the same MSW handlers the unit tests use (src/server/testing/msw/), so there is one fake
// per service:
//   <url>/enkeltoppslag/kjoretoydata?kjennemerke=AB12345 → the Statens vegvesen sample (also DE54321); any other
//        plate, e.g. ZZ99999 → 204 as the registry answers for an unknown number; a wrong API key → 403.
//   <url>/adresser/v1/sok?sok=arendalsgata 12*            → the two Geonorge sample addresses (Arendalsgata 12A/12B,
//        0463 OSLO); text that matches none (e.g. "Storgata") → `adresser: []`.
//   <url>/__requests                                      → what the server asked so far (method, url).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { addressHandlers } from '../src/server/testing/msw/address';
import { TEST_VEHICLE_API_KEY, vehicleHandlers } from '../src/server/testing/msw/vehicle';

export const KNOWN_PLATE = 'AB12345';
export const UNKNOWN_PLATE = 'ZZ99999';
/** The key the fake registry accepts (give the server VEHICLE_API_KEY=<this>). */
export const FAKE_VEHICLE_API_KEY = TEST_VEHICLE_API_KEY;

export interface FakeUpstreams {
  url: string;
  /** For VEHICLE_API_URL. */
  vehicleUrl: string;
  /** For ADDRESS_API_URL. */
  addressUrl: string;
  close(): Promise<void>;
}

export async function startFakeUpstreams(): Promise<FakeUpstreams> {
  const handlers = [...vehicleHandlers, ...addressHandlers];
  const received: { method: string; url: string; at: string }[] = [];

  const server = http.createServer(async (req, res) => {
    try {
      const url = `http://${req.headers.host}${req.url ?? '/'}`;
      if (new URL(url).pathname === '/__requests') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
        return;
      }
      received.push({ method: req.method ?? 'GET', url: req.url ?? '/', at: new Date().toISOString() });
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const answer = await getResponse(handlers, new Request(url, { method: req.method, headers }));
      if (!answer) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `fake upstream: no handler for ${req.url}` }));
        return;
      }
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    vehicleUrl: `${base}/enkeltoppslag/kjoretoydata`,
    addressUrl: `${base}/adresser/v1/sok`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
