// npm run test:fuzz: every operation of the /api/* OpenAPI document, fuzzed over real HTTP against the BUILT server
// (dist/server/main.mjs, as `npm start` runs it) on a temporary database with the demo listings.
//
// Inputs are property-based (fast-check, derived from the document's JSON Schemas: valid, boundary and hostile values,
// 100 000-item arrays, 5 MB strings and deep nesting included; scripts/lib/api-fuzz.ts). Every answer is checked with
// Ajv against the schema documented for its status. Fails on any 5xx, any answer outside the document, a server that
// is down afterwards, or an RSS above --max-rss. Prints the cases per operation and every failure.
//
//   npm run test:fuzz                       30 cases per kind (valid, boundary, hostile) and operation
//   npm run test:fuzz -- --runs 100 --seed 7
//   npm run test:fuzz -- --max-rss 600      RSS limit in MiB after the run (default 600)
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fuzzDocument, type FuzzAnswer, type FuzzRequest } from './lib/api-fuzz';
import { api, clientIp, ensureBuild, freePort, parseArgs, rssKiB, sessionCookieOf, startServer, stopServer, userBody } from './lib/built-server';

const args = parseArgs(process.argv.slice(2));
const RUNS = args.num('runs', 30);
const SEED = args.num('seed', Date.now() % 100_000);
const MAX_RSS_MIB = args.num('max-rss', 600);
const REQUEST_TIMEOUT_MS = 60_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-fuzz-'));
const logFile = path.join(tmp, 'server.log');

async function main() {
  ensureBuild();
  const server = await startServer({
    dbPath: path.join(tmp, 'fuzz.db'),
    uploadDir: path.join(tmp, 'uploads'),
    port: await freePort(),
    seedDemo: true,
    logFile,
  });
  let failed = false;
  try {
    const doc = (await api(server.base, 'GET', '/api/openapi.json')).body;
    const rssBefore = rssKiB(server.pid)!;
    // Each case comes from its own address (the server trusts X-Forwarded-For from loopback in production), so the
    // per-address rate limits do not turn the run into 429s; they are tested in their own tests.
    let n = 0;
    let users = 0;
    const newSession = async () => {
      users++;
      const res = await api(server.base, 'POST', '/api/auth/register', { body: userBody(`fuzz${SEED}`, users), ip: clientIp(1_000_000 + users) });
      if (res.status !== 201) throw new Error(`could not register a fuzz user: ${res.status} ${JSON.stringify(res.body)}`);
      return sessionCookieOf(res);
    };
    let cookie = await newSession();
    const send = (req: FuzzRequest) => sendRaw(server.base, req, clientIp(++n));
    const started = Date.now();
    const report = await fuzzDocument(doc, {
      runs: RUNS,
      big: true,
      seed: SEED,
      send,
      cookie: async () => cookie,
      after: async (o, _req, a) => {
        // A logout or a password change ends the session the run uses: go on with a new user.
        if ((o.id === 'POST /api/auth/logout' || o.id === 'PUT /api/auth/change-password') && a.status < 300) cookie = await newSession();
      },
    });
    const seconds = (Date.now() - started) / 1000;
    const health = await api(server.base, 'GET', '/api/listings?limit=1').catch((err: unknown) => ({ status: 0, body: String(err) }));
    const rssAfter = rssKiB(server.pid);

    console.log(`\nFuzzed ${Object.keys(report.perOperation).length} operations of /api/openapi.json over HTTP (seed ${SEED}, ${RUNS} cases per kind):`);
    for (const [op, count] of Object.entries(report.perOperation)) {
      const bad = report.failures.filter((f) => f.operation === op).length;
      console.log(`  ${op.padEnd(40)} ${String(count).padStart(5)} cases${bad ? `, ${bad} failures` : ''}`);
    }
    console.log(`Total: ${report.total} cases in ${seconds.toFixed(1)} s, ${report.failures.length} failures.`);
    console.log(`Server RSS: ${(rssBefore / 1024).toFixed(0)} MiB before, ${rssAfter === null ? 'gone' : `${(rssAfter / 1024).toFixed(0)} MiB`} after (limit ${MAX_RSS_MIB} MiB).`);
    console.log(`Server up afterwards: ${health.status === 200 ? 'yes' : `NO (${health.status})`}`);
    if (report.failures.length) {
      console.log('\nFailures (first 40):');
      for (const f of report.failures.slice(0, 40)) console.log(`- [${f.kind}] ${f.operation} → ${f.status}: ${f.problem}\n    ${f.request}`);
    }
    failed = report.failures.length > 0 || health.status !== 200 || rssAfter === null || rssAfter / 1024 > MAX_RSS_MIB;
  } finally {
    const exit = await stopServer(server);
    if (exit.code !== 0) console.log(`server exit: ${JSON.stringify(exit)}; log: ${logFile}`);
  }
  if (failed) {
    console.log(`\nFAILED (server log kept: ${logFile})`);
    process.exit(1);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log('\nOK');
}

/**
 * One request over a raw socket (Connection: close). Unlike fetch or node:http, an answer the server sends before it
 * has read the body (a 413 from Content-Length, a 401 from the cookie) and then closing the connection under the
 * upload is still read: write errors are ignored, and whatever arrived is parsed once the socket closes.
 */
function sendRaw(base: string, req: FuzzRequest, ip: string): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(base);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const headers: Record<string, string | number> = { host: `${hostname}:${port}`, connection: 'close', 'x-forwarded-for': ip, ...req.headers };
  if (body) headers['content-length'] = body.length;
  const head = `${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname);
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {
      // EPIPE/ECONNRESET while uploading: the answer, if any, is in `chunks`.
    });
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer (${raw.length} bytes received)`));
      const lines = raw.subarray(0, split).toString('latin1').split('\r\n');
      const status = Number(lines[0].split(' ')[1]);
      const h = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let payload: Buffer = raw.subarray(split + 4);
      if (/chunked/i.test(h['transfer-encoding'] ?? '')) payload = dechunk(payload);
      resolve({ status, body: payload.toString('utf8'), contentType: h['content-type'] });
    });
    socket.write(head);
    if (body) socket.write(body);
  });
}

function dechunk(b: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  while (i < b.length) {
    const eol = b.indexOf('\r\n', i);
    if (eol < 0) break;
    const size = parseInt(b.subarray(i, eol).toString('latin1'), 16);
    if (!size) break;
    out.push(b.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

main().catch((err: unknown) => {
  console.error(err);
  console.error(`server log: ${logFile}`);
  process.exit(1);
});
