// The operator's set-up, run as docs/operations.md tells it: Debian's nginx with deploy/nginx.conf in front of two
// instances of the built server on one PostgreSQL database. The file is used as it is, with only what the operator
// fills in replaced (the instances' addresses, server_name, certificate and key) and its two listen ports moved to free
// loopback ports; the certificate is a throwaway self-signed one, so the HTTPS listener the operator runs is the one
// tested. Through nginx: pages, the API, login, a websocket, and the documented rolling restart under steady load,
// which must lose no request and leave the websocket working.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPgDatabase } from '../db/pg/client';
import type { Listing } from '../db/schema';
import { registerUser } from '../src/server/services/auth';
import type { MessageShape } from '../src/shared/schemas/chat';
import { createPgStore, type Store } from '../src/server/store';
import { freePort } from '../src/server/testing/free-port';
import { insertListing } from '../src/server/testing/listing-factory';
import { adminQuery, startPgCluster, type PgCluster } from '../src/server/testing/pg-cluster';
import { socketClient } from '../src/server/testing/sockets';
import { startFakeUpstreams, type FakeUpstreams } from './fake-upstreams';
import { startPgInstance, type PgInstanceOptions, type ServerProcess } from './pg-instances';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITE_FILE = path.join(root, 'deploy/nginx.conf');
const TAG = `n${Date.now().toString(36)}`;
const PASSWORD = 'hemmelig123';
const METRICS_TOKEN = 'e2e-metrics-token';

let dir = '';
let cluster: PgCluster | undefined;
let store: Store | undefined;
let fakes: FakeUpstreams | undefined;
let nginx: ChildProcess | undefined;
let nginxExited: Promise<void> | undefined;
const instances: ServerProcess[] = [];
let options: PgInstanceOptions;
let ca = '';
let origin = '';
let httpPort = 0;
let seller: { id: number; username: string };
let buyer: { id: number; username: string };
let car: Listing;

/** deploy/nginx.conf with `replacements` made, each of which must be found (the file and this test move together). */
function fillIn(conf: string, replacements: [string, string][]): string {
  for (const [from, to] of replacements) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}": update e2e/nginx.e2e.test.ts with it`);
    conf = conf.replaceAll(from, to);
  }
  return conf;
}

/** A throwaway certificate for 127.0.0.1, as the operator's would be for the site's name. */
function selfSignedCertificate(): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl could not make a certificate: ${r.stderr}`);
  return { cert, key };
}

/**
 * What Debian's /etc/nginx/nginx.conf gives the site file (the main context and the `http` block), in the test's own
 * folder: its pid, logs and temp files there, workers as the current user, the access log naming the instance tried.
 */
function mainConfig(siteFile: string): string {
  const asRoot = process.getuid?.() === 0;
  return [
    // As root, workers would otherwise run as `nobody`, which cannot enter the test's 0700 temp folder.
    asRoot ? 'user root;' : '',
    'worker_processes 2;',
    'events { worker_connections 1024; }',
    'http {',
    `  log_format upstreams '$status $request_method $uri upstream=[$upstream_addr] upstream_status=[$upstream_status]';`,
    `  access_log ${path.join(dir, 'access.log')} upstreams;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, `${t}_temp`)};`),
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

async function startNginx(upstreamPorts: number[]): Promise<void> {
  const { cert, key } = selfSignedCertificate();
  ca = fs.readFileSync(cert, 'utf8');
  const httpsPort = await freePort();
  httpPort = await freePort();
  origin = `https://127.0.0.1:${httpsPort}`;
  const site = fillIn(fs.readFileSync(SITE_FILE, 'utf8'), [
    ['server 10.0.0.11:3000 ', `server 127.0.0.1:${upstreamPorts[0]} `],
    ['server 10.0.0.12:3000 ', `server 127.0.0.1:${upstreamPorts[1]} `],
    ['server_name bilpartner.no;', 'server_name 127.0.0.1;'],
    ['/etc/ssl/bilpartner/fullchain.pem', cert],
    ['/etc/ssl/bilpartner/privkey.pem', key],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
  ]);
  const siteFile = path.join(dir, 'bilpartner.conf');
  const mainFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(siteFile, site);
  fs.writeFileSync(mainFile, mainConfig(siteFile));
  const errorLog = path.join(dir, 'nginx-error.log');
  const args = ['-p', dir, '-e', errorLog, '-c', mainFile];
  const globals = `pid ${path.join(dir, 'nginx.pid')}; error_log ${errorLog} warn;`;

  // What the operator runs before reloading.
  const check = spawnSync(NGINX, [...args, '-t', '-g', globals], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);

  nginx = spawn(NGINX, [...args, '-g', `daemon off; ${globals}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (d: Buffer) => void (stderr += d.toString()));
  nginxExited = new Promise((resolve) => nginx!.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}\n${fs.readFileSync(errorLog, 'utf8')}`);
    const ok = await request('GET', '/healthz').then((r) => r.status === 200, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${origin}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The last resort when the file's process ends without its afterAll: nginx's master takes its workers with it.
process.once('exit', () => nginx?.kill('SIGTERM'));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request through nginx's HTTPS listener, as a browser on our page sends it (Origin on anything but GET). */
function request(
  method: string,
  url: string,
  o: { cookie?: string; body?: unknown; agent?: https.Agent; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${origin}${url}`,
      {
        method,
        ca,
        agent: o.agent ?? false,
        headers: {
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...(method === 'GET' ? {} : { origin }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Logs in through nginx: the session cookie nginx passed back. */
async function login(username: string): Promise<string> {
  const res = await request('POST', '/api/auth/login', { body: { username, password: PASSWORD } });
  expect(res.status, res.body).toBe(200);
  const setCookie = res.headers['set-cookie']?.find((c) => c.startsWith('bp_session='));
  expect(setCookie).toBeDefined();
  // COOKIE_SECURE=true, as behind HTTPS.
  expect(setCookie).toMatch(/;\s*Secure/i);
  return setCookie!.split(';')[0]!;
}

/** GET /readyz on the instance itself, as the operator's loop asks it: 200 or not. */
async function readyz(instance: ServerProcess): Promise<boolean> {
  try {
    return (await fetch(`${instance.baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000, everyMs = 100) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

beforeAll(async () => {
  if (!fs.existsSync(NGINX)) {
    throw new Error(`\n\nNGINX TEST CANNOT RUN: no nginx at ${NGINX}. Install Debian's nginx (sudo apt-get install -y nginx; .ci/run does this).\n`);
  }
  dir = fs.mkdtempSync(path.join(inject('runDir'), 'nginx-'));
  cluster = await startPgCluster();
  await adminQuery(cluster.adminUrl, 'CREATE DATABASE bilpartner');
  const databaseUrl = cluster.urlOf('bilpartner');
  // Migrated here first: the instances then find nothing to apply.
  store = createPgStore(await openPgDatabase(databaseUrl, { max: 2 }));
  const user = (n: number, name: string) =>
    registerUser(store!, { username: `e2e.${TAG}${n}`, password: PASSWORD, name, email: `${TAG}${n}@example.no`, phone: '91234567', address: 'Storgata 12, 0155 OSLO' });
  seller = await user(1, 'Sigrid Selger');
  buyer = await user(2, 'Bjørn Kjøper');
  car = await insertListing(store, seller.id, { make: 'Volvo', model: `XC60 ${TAG}`, year: 2019, price: 289_000, address: '' });
  fakes = await startFakeUpstreams();
  const uploadDir = path.join(dir, 'uploads');
  fs.mkdirSync(uploadDir);
  options = {
    databaseUrl,
    uploadDir,
    fakes,
    dir,
    // docs/operations.md "Behind nginx": the proxy on this machine, HTTPS in front.
    env: { TRUST_PROXY: 'loopback', COOKIE_SECURE: 'true', METRICS_TOKEN },
  };
  instances.push(await startPgInstance(1, options), await startPgInstance(2, options));
  await startNginx(instances.map((i) => i.port));
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGTERM');
    await nginxExited;
  }
  for (const instance of instances) await instance.stop();
  await store?.close();
  await fakes?.close();
  await cluster?.stop();
});

describe('deploy/nginx.conf in front of two instances on PostgreSQL', () => {
  it('serves pages, the API and login over HTTPS, redirects HTTP, and keeps /metrics to the instances', async () => {
    const home = await request('GET', '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    // X-Forwarded-Proto reached the server (HSTS only over HTTPS), and nginx's request id is the server's.
    expect(home.headers['strict-transport-security']).toBeDefined();
    expect(home.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

    const listings = await request('GET', '/annonser');
    expect(listings.status).toBe(200);
    expect(listings.body).toContain(`XC60 ${TAG}`);
    const api = await request('GET', `/api/listings?query=${TAG}`);
    expect(api.status).toBe(200);
    expect((JSON.parse(api.body) as { id: number }[]).map((l) => l.id)).toEqual([car.id]);

    // A POST from our page (Origin with the port, which Host must carry too), then the session on the next call.
    const cookie = await login(`e2e.${TAG}2`);
    const me = await request('GET', '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ id: buyer.id });

    // A photo-sized body reaches the server (nginx's own limit would be 1 MB): its answer, not nginx's 413.
    const big = await request('POST', '/api/listing-images', { body: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(401);
    expect(big.headers['content-type']).toMatch(/application\/json/);

    // With the token, an instance would answer its metrics; through nginx there are none.
    const metrics = await request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(404);
    expect(await (await fetch(`${instances[0]!.baseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()).toContain('http_request_duration_seconds');

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`http://127.0.0.1:${httpPort}/annonser?merke=Volvo`, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/annonser?merke=Volvo');
  });

  it('loses no request and keeps the websocket working through the documented rolling restart', async () => {
    const sellerCookie = await login(`e2e.${TAG}1`);
    const buyerCookie = await login(`e2e.${TAG}2`);
    const started = await request('POST', '/api/chats/start', {
      cookie: buyerCookie,
      body: { listingId: car.id, sellerId: seller.id, message: 'Hei! Er bilen ledig?' },
    });
    expect(started.status, started.body).toBe(201);
    const { chatId } = JSON.parse(started.body) as { chatId: number };

    // The seller's open chat page: a tRPC subscription over a websocket through nginx.
    let opened = 0;
    const socket = socketClient(origin.replace('https://', ''), { cookie: sellerCookie, origin }, {
      tlsCa: ca,
      retryDelayMs: 200,
      onOpen: () => void opened++,
    });
    const received: MessageShape[] = [];
    const sub = socket.client.chats.onMessage.subscribe(undefined, { onData: ({ data }) => void received.push(data) });
    // Live once a message sent now arrives.
    await until(async () => {
      await request('POST', '/api/messages', { cookie: buyerCookie, body: { chatId, content: 'Er du der?' } });
      await new Promise((r) => setTimeout(r, 500));
      return received.length > 0;
    }, 'the subscription to answer', 20_000);
    received.length = 0;

    // Steady load: four readers of pages and the API, two writers (a POST and a read of what it wrote), each on one
    // kept-alive connection to nginx, as a browser tab.
    const outcome = { ok: 0, posts: 0, failed: [] as string[] };
    let running = true;
    const paths = ['/', '/annonser', `/listing/${car.id}`, `/api/listings?query=${TAG}`, `/api/listings/${car.id}`];
    const loop = async (step: (agent: https.Agent, i: number) => Promise<Answer>, what: (i: number) => string) => {
      const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca });
      for (let i = 0; running; i++) {
        try {
          const res = await step(agent, i);
          if (res.status >= 200 && res.status < 300) outcome.ok++;
          else outcome.failed.push(`${what(i)}: ${res.status} ${res.body.slice(0, 120)}`);
        } catch (err) {
          outcome.failed.push(`${what(i)}: ${(err as Error).message}`);
        }
      }
      agent.destroy();
    };
    const readers = [0, 1, 2, 3].map((n) =>
      loop((agent, i) => request('GET', paths[(i + n) % paths.length]!, { agent, cookie: n % 2 ? buyerCookie : undefined }), (i) => `GET ${paths[(i + n) % paths.length]}`),
    );
    const writers = [0, 1].map(() =>
      loop(
        (agent, i) => {
          if (i % 2) return request('GET', '/api/saved-listings', { agent, cookie: buyerCookie });
          outcome.posts++;
          return request('POST', '/api/saved-listings', { agent, cookie: buyerCookie, body: { listingId: car.id } });
        },
        (i) => (i % 2 ? 'GET /api/saved-listings' : 'POST /api/saved-listings'),
      ),
    );
    // And the buyer writes in the chat every 700 ms, wherever the seller's socket is meanwhile.
    const sent: string[] = [];
    const chatter = (async () => {
      for (let i = 1; running; i++) {
        const content = `Melding ${i}`;
        try {
          const res = await request('POST', '/api/messages', { cookie: buyerCookie, body: { chatId, content } });
          if (res.status === 201) sent.push(content);
          else outcome.failed.push(`POST /api/messages: ${res.status} ${res.body.slice(0, 120)}`);
        } catch (err) {
          outcome.failed.push(`POST /api/messages: ${(err as Error).message}`);
        }
        await new Promise((r) => setTimeout(r, 700));
      }
    })();

    try {
      await until(() => outcome.ok >= 50 && sent.length >= 1, 'steady load', 30_000);
      expect(opened).toBe(1);

      // docs/operations.md "Rolling deploys", step by step: both ready; then for each instance in turn: SIGTERM and
      // wait for it to exit, start it again on its address, and poll its /readyz every half second until 200.
      for (const instance of instances) expect(await readyz(instance)).toBe(true);
      const procedureStarted = Date.now();
      for (const n of [0, 1]) {
        const old = instances[n]!;
        await old.stop();
        expect(old.proc.exitCode, old.log()).toBe(0);
        instances[n] = await startPgInstance(n + 1, { ...options, port: old.port });
        await until(() => readyz(instances[n]!), `instance ${n + 1}'s /readyz 200 again`, 60_000, 500);
      }
      const procedureMs = Date.now() - procedureStarted;

      // What a user notices: a message written after the restart shows up live on the open page.
      const afterwards = sent.length;
      await until(() => sent.length > afterwards, 'a message sent after the restart', 10_000);
      const last = sent.at(-1)!;
      await until(() => received.some((m) => m.content === last), `"${last}" over the reconnected websocket`, 15_000);
      running = false;
      await Promise.all([...readers, ...writers, chatter]);

      const log = fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean);
      const passedOn = log.filter((l) => /upstream=\[[^\]]*, /.test(l));
      console.log(
        `[e2e] rolling restart through nginx in ${(procedureMs / 1000).toFixed(1)} s: ${outcome.ok} requests answered ` +
          `(${outcome.posts} POSTs), ${outcome.failed.length} failed; ${sent.length} chat messages; nginx passed ` +
          `${passedOn.length} of ${log.length} requests on to the other instance (${passedOn.filter((l) => / POST /.test(l)).length} POSTs); ` +
          `the websocket opened ${opened} times`,
      );
      expect(outcome.failed).toEqual([]);
      expect(outcome.ok).toBeGreaterThan(200);
      // Every instance was stopped and the socket was on one of them: it was closed and opened again.
      expect(opened).toBeGreaterThanOrEqual(2);
      // Each message once and in order, none lost while the socket moved (the client replays from lastEventId).
      expect(received.map((m) => m.content).filter((c) => c !== 'Er du der?')).toEqual(sent);
    } finally {
      running = false;
      sub.unsubscribe();
      await socket.close();
    }
  }, 150_000);
});
