// npm run test:soak: mixed traffic against the BUILT server for a while; no 5xx, no dropped connections, and a
// look at latency and memory (docs/operations.md, "Soak test").
//
// Starts dist/server/main.mjs (built first if missing or stale) on a temp database seeded with the demo data
// (SEED_DEMO=true), adds a few hundred listings through the API (approved in the file before the measured run, as
// there is no admin API yet), restarts it, then drives it with autocannon: 200 connections for 60 s of searches
// with varied parameters, listing details, the home page, photos, logins, "who am I", creating listings, saving and
// removing saved listings, inquiries. Every request picks its kind at random by weight. Each connection sends its
// own X-Forwarded-For (the server trusts it from loopback in production), and logins and inquiries each come from a
// fresh address, so the per-address rate limits do not turn the run into a 429 test.
// The server's RSS (VmRSS of /proc/<pid>/status) is sampled every second.
//
//   npm run test:soak                               60 s, 200 connections, 300 extra listings
//   npm run test:soak -- --seconds 300 --connections 100 --listings 1000
//   npm run test:soak -- --keep                     keep the temp folder (database, uploads, server log)
//   npm run test:soak -- --server-timing            also report the server's own time per request (logs at info)
//
// Exits 1 on any 5xx answer, socket error or timeout.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import {
  api,
  clientIp,
  ensureBuild,
  freePort,
  listingBody,
  loadavg,
  parseArgs,
  percentile,
  rssKiB,
  sampleJpegDataUrl,
  sessionCookieOf,
  startServer,
  stopServer,
  userBody,
  CARS,
  type RunningServer,
  type ServerOptions,
  runMain,
  scratchFolder,
} from './lib/built-server';

const args = parseArgs(process.argv.slice(2));
const SECONDS = args.num('seconds', 60);
const CONNECTIONS = args.num('connections', 200);
const EXTRA_LISTINGS = args.num('listings', 300);
const USERS = args.num('users', 40);
const KEEP = args.flag('keep');
// The server logs every request with its own responseTime (pino, level info): its time from reading the request to
// the last byte handed to the socket, so a slow load generator cannot be mistaken for a slow server.
const SERVER_TIMING = args.flag('server-timing');

// autocannon ships no types; the part used here, typed by hand.
interface AcRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AcResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  resets?: number;
  mismatches?: number;
  non2xx: number;
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  duration: number;
}
interface AcInstance {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
  on(event: 'reqError', fn: (err: Error) => void): void;
  on(event: 'done', fn: (r: AcResult) => void): void;
}
interface AcClient {
  setHeaders(h: Record<string, string>): void;
  on(event: 'timeout', fn: () => void): void;
  /** Internal, read only to attribute a timeout to the kind of request that was waiting. */
  requestIterator?: { context?: Record<string, unknown> };
}
type Autocannon = (
  opts: {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    requests?: AcRequest[];
    setupClient?: (client: AcClient) => void;
  },
  done: (err: Error | null, result: AcResult) => void,
) => AcInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DEMO_USERS = ['kari.nordmann', 'ola.hansen', 'ingrid.berg', 'lars.johansen'];
const DEMO_PASSWORD = 'bilpartner123';

let server: RunningServer | null = null;
const { tmp, dbPath, uploadDir, logFile, cleanup } = scratchFolder('soak', KEEP, () => server);

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let i = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (i < items.length) await fn(items[i++]);
  }));
}

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]) => list[rand(list.length)];

async function main() {
  ensureBuild();
  const port = await freePort();
  const opts: ServerOptions = { dbPath, uploadDir, port, seedDemo: true, logFile, logLevel: SERVER_TIMING ? 'info' : 'warn' };
  const tag = `s${Date.now().toString(36)}`;
  console.log(`soak: ${SECONDS} s, ${CONNECTIONS} connections, temp folder ${tmp}`);

  // --- setup: users and extra listings through the API -------------------------------------------------------
  const setupStarted = Date.now();
  server = await startServer(opts);
  const users: { username: string; cookie: string }[] = [];
  await pool([...Array(USERS).keys()], 4, async (i) => {
    const body = userBody(tag, i);
    const res = await api(server!.base, 'POST', '/api/auth/register', { body, ip: clientIp(50_000 + i) });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
    users.push({ username: body.username, cookie: sessionCookieOf(res) });
  });
  const photo = await sampleJpegDataUrl(1024, 768);
  const created: number[] = [];
  await pool([...Array(EXTRA_LISTINGS).keys()], 4, async (i) => {
    const u = users[i % users.length];
    // Every tenth with a photo, so cards and details have cover images and /uploads/* has files to serve.
    const res = await api(server!.base, 'POST', '/api/listings', { body: listingBody(i, i % 10 === 0 ? [photo] : []), cookie: u.cookie, ip: clientIp(50_000 + (i % users.length)) });
    if (res.status !== 201) throw new Error(`create listing: ${res.status} ${JSON.stringify(res.body)}`);
    created.push(res.body.id);
  });
  await stopServer(server);
  if (created.length) {
    const db = new Database(dbPath);
    db.prepare(`UPDATE listings SET status = 'approved', active = 1 WHERE id IN (${created.join(',')})`).run();
    db.close();
  }
  server = await startServer(opts);
  const base = server.base;
  const visible: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api<{ id: number }[]>(base, 'GET', `/api/listings?limit=100&offset=${offset}`);
    visible.push(...res.body.map((l) => l.id));
    if (res.body.length < 100) break;
  }
  const photos: string[] = [];
  {
    const db = new Database(dbPath, { readonly: true });
    photos.push(...(db.prepare('SELECT thumb_url FROM listing_images WHERE listing_id IS NOT NULL LIMIT 200').pluck().all() as string[]));
    db.close();
  }
  console.log(
    `setup: ${users.length} users + ${DEMO_USERS.length} demo users, ${created.length} listings created and approved, ` +
      `${visible.length} listings visible, ${photos.length} photos; ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  // --- the mix -----------------------------------------------------------------------------------------------
  const loginUsers = [...DEMO_USERS.map((u) => ({ username: u, password: DEMO_PASSWORD })), ...users.map((u) => ({ username: u.username, password: 'hemmelig123' }))];
  let seq = 0;
  const searchPath = () => {
    const p = new URLSearchParams();
    const car = pick(CARS);
    if (Math.random() < 0.35) p.set('make', car.make);
    if (Math.random() < 0.15) p.set('model', car.model);
    if (Math.random() < 0.25) p.set('fuelType', car.fuelType);
    if (Math.random() < 0.15) p.set('bodyType', car.bodyType);
    if (Math.random() < 0.1) p.set('transmission', pick(['automat', 'manuell']));
    if (Math.random() < 0.2) p.set('priceTo', String(100_000 + rand(60) * 10_000));
    if (Math.random() < 0.1) p.set('priceFrom', String(rand(20) * 10_000));
    if (Math.random() < 0.2) p.set('yearFrom', String(2005 + rand(18)));
    if (Math.random() < 0.1) p.set('mileageTo', String(50_000 + rand(20) * 10_000));
    if (Math.random() < 0.1) p.set('query', pick(['tesla', 'golf', 'hengerfeste', 'vinterdekk', 'model y', 'oslo', 'volvo v60']));
    if (Math.random() < 0.1) p.set('location', pick(['Oslo', 'Bergen', 'Trondheim']));
    if (Math.random() < 0.4) p.set('sort', pick(['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc']));
    if (Math.random() < 0.2) p.set('offset', String(rand(10) * 24));
    if (Math.random() < 0.1) p.set('limit', String(pick([12, 48, 100])));
    if (Math.random() < 0.2) p.set('_cb', String(Date.now())); // the client's cache buster
    return `/api/listings?${p}`;
  };

  type Kind = { name: string; weight: number; build: (h: Record<string, string>) => AcRequest };
  const json = (h: Record<string, string>, method: string, p: string, body?: unknown): AcRequest => ({
    method,
    path: p,
    headers: body === undefined ? h : { ...h, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const withUser = (h: Record<string, string>) => ({ ...h, cookie: pick(users).cookie });
  const KINDS: Kind[] = [
    { name: 'search', weight: 40, build: (h) => json(h, 'GET', searchPath()) },
    { name: 'listing detail', weight: 22, build: (h) => json(h, 'GET', `/api/listings/${Math.random() < 0.03 ? 999_999 : pick(visible)}`) },
    { name: 'home page', weight: 3, build: (h) => json(h, 'GET', '/') },
    { name: 'photo', weight: 4, build: (h) => json(h, 'GET', photos.length ? pick(photos) : '/favicon.ico') },
    { name: 'auth/user', weight: 5, build: (h) => json(Math.random() < 0.5 ? withUser(h) : h, 'GET', '/api/auth/user') },
    {
      name: 'login',
      weight: 1.5,
      build: (h) => {
        const u = pick(loginUsers);
        const wrong = Math.random() < 0.2;
        // Each login from a fresh address: the login limit is 10 a minute per address.
        return json({ ...h, 'x-forwarded-for': clientIp(1_000_000 + ++seq) }, 'POST', '/api/auth/login', { username: u.username, password: wrong ? 'feil-passord' : u.password });
      },
    },
    { name: 'create listing', weight: 2, build: (h) => json(withUser(h), 'POST', '/api/listings', listingBody(100_000 + ++seq)) },
    { name: 'save', weight: 6, build: (h) => json(withUser(h), 'POST', '/api/saved-listings', { listingId: pick(visible) }) },
    { name: 'unsave', weight: 4, build: (h) => json(withUser(h), 'DELETE', `/api/saved-listings/${pick(visible)}`) },
    { name: 'saved list', weight: 4, build: (h) => json(withUser(h), 'GET', '/api/saved-listings') },
    { name: 'my listings', weight: 2, build: (h) => json(withUser(h), 'GET', '/api/my-listings') },
    {
      name: 'inquiry',
      weight: 1.5,
      build: (h) =>
        json({ ...withUser(h), 'x-forwarded-for': clientIp(3_000_000 + ++seq) }, 'POST', '/api/inquiries', {
          listingId: pick(visible),
          name: 'Kari Nordmann',
          email: 'kari@example.no',
          phone: '912 34 567',
          message: 'Hei! Er bilen fortsatt til salgs? Kan jeg komme på visning?',
        }),
    },
  ];
  const totalWeight = KINDS.reduce((s, k) => s + k.weight, 0);
  const pickKind = () => {
    let r = Math.random() * totalWeight;
    for (const k of KINDS) if ((r -= k.weight) < 0) return k;
    return KINDS[0];
  };
  const perKind = new Map<string, { n: number; status: Record<string, number>; times: number[]; timeouts: number }>(
    KINDS.map((k) => [k.name, { n: 0, status: {}, times: [], timeouts: 0 }]),
  );

  // --- run -----------------------------------------------------------------------------------------------------
  const pid = server.pid;
  const rss: number[] = [];
  const rssStart = rssKiB(pid)!;
  rss.push(rssStart);
  const sampler = setInterval(() => {
    const v = rssKiB(pid);
    if (v !== null) rss.push(v);
  }, 1000);
  const loadBefore = loadavg();
  const times: number[] = [];
  const socketErrors = new Map<string, number>();
  let clientN = 0;

  const result = await new Promise<AcResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        // Each connection is one virtual client with its own address.
        setupClient: (client) => {
          client.setHeaders({ 'x-forwarded-for': clientIp(2_000_000 + ++clientN), 'user-agent': 'bilpartner-soak' });
          client.on('timeout', () => {
            const kind = perKind.get(client.requestIterator?.context?.kind as string);
            if (kind) kind.timeouts++;
          });
        },
        requests: [
          {
            setupRequest: (req, context) => {
              const kind = pickKind();
              context.kind = kind.name;
              context.t = performance.now();
              return { ...req, ...kind.build({ ...req.headers }) };
            },
            onResponse: (status, _body, context) => {
              const k = perKind.get(context.kind as string)!;
              k.n++;
              k.status[status] = (k.status[status] ?? 0) + 1;
              k.times.push(performance.now() - (context.t as number));
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_c, _status, _bytes, responseTime) => times.push(responseTime));
    instance.on('reqError', (err) => socketErrors.set(err.message, (socketErrors.get(err.message) ?? 0) + 1));
  });
  clearInterval(sampler);
  const rssEnd = rssKiB(pid)!;
  rss.push(rssEnd);
  const loadAfter = loadavg();

  const serverAlive = server.proc.exitCode === null;
  await stopServer(server);
  server = null;
  const serverErrors = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l));

  // --- report --------------------------------------------------------------------------------------------------
  times.sort((a, b) => a - b);
  const mb = (kib: number) => `${(kib / 1024).toFixed(0)} MB`;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log('\n=== soak summary ===');
  console.log(`duration ${SECONDS} s, ${CONNECTIONS} connections; load average before: ${loadBefore}; after: ${loadAfter}`);
  console.log(
    `requests: ${result.requests.total} (${Math.round(result.requests.total / SECONDS)}/s); ` +
      `1xx ${result['1xx']}, 2xx ${result['2xx']}, 3xx ${result['3xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']}; ` +
      `socket errors ${result.errors} (of which timeouts ${result.timeouts})`,
  );
  for (const [msg, n] of socketErrors) console.log(`  socket error: ${msg} ×${n}`);
  console.log(
    `latency (every response): p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1) ?? NaN)}; ` +
      `autocannon's histogram: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  console.log(`server RSS: start ${mb(rssStart)}, peak ${mb(Math.max(...rss))}, end ${mb(rssEnd)} (${rss.length} samples, 1/s)`);
  console.log('kind              answers   p50       p99       max       statuses');
  for (const k of KINDS) {
    const s = perKind.get(k.name)!;
    s.times.sort((a, b) => a - b);
    const st = [...Object.entries(s.status).map(([code, n]) => `${code}×${n}`), ...(s.timeouts ? [`timeout×${s.timeouts}`] : [])].join(' ');
    console.log(
      `${k.name.padEnd(17)} ${String(s.n).padStart(8)}  ${ms(percentile(s.times, 50)).padStart(8)}  ${ms(percentile(s.times, 99)).padStart(8)}  ${ms(s.times.at(-1) ?? NaN).padStart(8)}  ${st}`,
    );
  }
  if (SERVER_TIMING) reportServerTiming(ms);
  console.log(`server error log lines (level error/fatal): ${serverErrors.length}`);
  for (const l of serverErrors.slice(0, 5)) console.log(`  ${l.slice(0, 300)}`);
  if (KEEP) console.log(`kept ${tmp} (bilpartner.db, uploads/, server.log)`);

  const failures: string[] = [];
  if (result['5xx']) failures.push(`${result['5xx']} 5xx answers`);
  if (result.errors || result.timeouts) failures.push(`${result.errors} socket errors / ${result.timeouts} timeouts`);
  if (!serverAlive) failures.push('the server died during the run');
  if (result.requests.total === 0) failures.push('no requests completed');
  console.log(failures.length ? `FAIL: ${failures.join('; ')}` : 'PASS: no 5xx, no socket errors');
  return failures.length ? 1 : 0;
}

/** Server-side time per request (from the server's own log), by method and the first two path segments. */
function reportServerTiming(ms: (v: number) => string) {
  const urls = new Map<string, string>();
  const byRoute = new Map<string, number[]>();
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const o = JSON.parse(line) as { pid: number; reqId?: string; req?: { method: string; url: string }; responseTime?: number };
    const id = `${o.pid}:${o.reqId}`;
    if (o.req) {
      const [first, second] = o.req.url.split('?')[0].split('/').slice(1, 3);
      // Photos fan out over directories (/uploads/ab/…): one row for all of them.
      urls.set(id, `${o.req.method} /${first === 'uploads' || !second ? first : `${first}/${second}`}`);
    }
    else if (o.responseTime !== undefined) {
      const route = urls.get(id) ?? '?';
      byRoute.set(route, [...(byRoute.get(route) ?? []), o.responseTime]);
    }
  }
  const all = [...byRoute.values()].flat().sort((a, b) => a - b);
  console.log(`server-side time (its own log): ${all.length} requests, p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? NaN)}`);
  const routes = [...byRoute.entries()].sort((a, b) => b[1].length - a[1].length);
  for (const [route, t] of routes.slice(0, 12)) {
    t.sort((a, b) => a - b);
    console.log(`  ${route.padEnd(32)} ${String(t.length).padStart(7)}  p50 ${ms(percentile(t, 50)).padStart(8)}  p99 ${ms(percentile(t, 99)).padStart(8)}  max ${ms(t.at(-1) ?? NaN).padStart(8)}`);
  }
}

runMain(main, { cleanup, logFile });
