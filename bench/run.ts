// npm run bench: the public search and listing detail under load (issue 4).
//
// Seeds 100 000 realistic listings into a temporary SQLite file, starts the real server on it as a child process
// (`node --import tsx src/server/main.ts`), starts a bare Fastify JSON route in another child process as the ceiling,
// then drives each with autocannon (10 connections) and prints req/s, p50 and p99 (from every response's own time,
// not autocannon's whole-millisecond histogram) and the fraction of the bare route, plus the server's peak RSS.
//
//   npm run bench                       seed a fresh temp database, measure, delete it
//   npm run bench -- --db .tmp/b.db     reuse (or create once) a seeded database file
//   npm run bench -- --duration 5       seconds per measurement (default 8, plus 2 s warm-up)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { getTableColumns } from 'drizzle-orm';
import { closeDatabase, openDatabase } from '../db/client';
import { listings, type NewListing } from '../db/schema';
import { testConfig } from '../src/server/config';
import { seedDemoListings } from '../src/server/demo/listings';
import { generateListing, rng } from '../src/server/testing/listing-factory';

// autocannon ships no types; the little of its API used here, typed by hand.
interface AutocannonResult {
  requests: { average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonInstance {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
}
type Autocannon = (
  opts: { url: string; connections: number; duration: number; requests?: { setupRequest: (req: { path: string }) => { path: string } }[] },
  done: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const LISTINGS = Number(arg('listings') ?? 100_000);
const DURATION = Number(arg('duration') ?? 8);
const WARMUP = 2;
const CONNECTIONS = 10;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-'));
const dbFile = arg('db') ? path.resolve(arg('db')!) : path.join(tmp, 'bench.db');
const children: ChildProcess[] = [];

function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

// ---------------------------------------------------------------------------------------------------------------
// Seed

const FIRST = ['Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Anne', 'Jonas', 'Sofie', 'Erik', 'Nora', 'Håkon', 'Åse', 'Øystein', 'Marte'];
const LAST = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Berg', 'Haugen', 'Bakken', 'Sæther'];

function seed(file: string): { visibleIds: number[] } {
  const db = openDatabase(file); // creates and migrates (FTS table, triggers, indexes)
  const c = db.$client;
  const existing = (c.prepare('SELECT count(*) AS n FROM listings').get() as { n: number }).n;
  if (existing >= LISTINGS) {
    console.log(`Reusing ${file} (${existing} listings)`);
  } else {
    const started = Date.now();
    // Bulk-load settings for this connection only; the server opens the file with its own.
    c.pragma('synchronous = OFF');
    c.pragma('cache_size = -1000000');
    c.pragma('temp_store = MEMORY');
    const r = rng(2025);
    const sellers = 5_000;
    const insertUser = c.prepare(
      `INSERT INTO users (username, password_hash, name, display_name, email, phone, address, unique_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // The columns come from the Drizzle table (db/schema/listings.ts), so a new field needs no change here.
    const cols = Object.entries(getTableColumns(listings)).filter(([key]) => key !== 'id') as [keyof NewListing, { name: string }][];
    const insertListing = c.prepare(`INSERT INTO listings (${cols.map(([, col]) => col.name).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    const sqlValue = (v: unknown) => (v instanceof Date ? v.getTime() : typeof v === 'boolean' ? Number(v) : Array.isArray(v) ? JSON.stringify(v) : (v ?? null));
    const insertImage = c.prepare(
      `INSERT INTO listing_images (listing_id, uploader_id, position, storage_key, url, thumb_url, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, 1600, 1067, ?)`,
    );
    const now = Date.now();
    c.transaction(() => {
      const firstUser = Number(c.prepare("SELECT coalesce(max(id), 0) + 1 AS n FROM users").pluck().get());
      for (let i = 0; i < sellers; i++) {
        const name = `${r.pick(FIRST)} ${r.pick(LAST)}`;
        insertUser.run(`selger${i}`, '$argon2id$v=19$m=19456,t=2,p=1$bench$bench', name, name.split(' ')[0], `selger${i}@example.no`, `9${String(r.int(1_000_000, 9_999_999))}`, 'Storgata 1, 0155 Oslo', `BP-B${i.toString(36).toUpperCase().padStart(5, '0')}`);
      }
      // Created in time order, as a live site's listings are: ids grow with created_at.
      const rows = Array.from({ length: LISTINGS - existing }, (_, i) => generateListing(r, firstUser + r.int(0, sellers - 1), existing + i, now));
      rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
      let nextId = Number(c.prepare('SELECT coalesce(max(id), 0) + 1 FROM listings').pluck().get());
      for (const l of rows) {
        const roll = r.next();
        // About 88 % live; the rest pending review, rejected, or deactivated by the owner.
        const status = roll < 0.04 ? 'pending' : roll < 0.07 ? 'rejected' : 'approved';
        const active = roll > 0.07 && roll < 0.12 ? 0 : 1;
        const id = nextId++;
        const created = (l.createdAt as Date).getTime();
        const row: NewListing = {
          ...l,
          status,
          rejectionReason: status === 'rejected' ? 'Bildene mangler' : null,
          active: active === 1,
          coverImage: `/uploads/listings/${id}/0-thumb.webp`,
          updatedAt: l.createdAt,
        };
        const info = insertListing.run(...cols.map(([key]) => sqlValue(row[key])));
        if (Number(info.lastInsertRowid) !== id) throw new Error('unexpected listing id');
        for (let pos = 0; pos < 3; pos++) {
          insertImage.run(id, l.userId, pos, `listings/${id}/${pos}.webp`, `/uploads/listings/${id}/${pos}.webp`, `/uploads/listings/${id}/${pos}-thumb.webp`, created);
        }
      }
    })();
    // What a bulk load is followed by: merge the text index's segments (FTS5 'optimize'), refresh planner statistics.
    c.exec(`INSERT INTO listings_fts (listings_fts) VALUES ('optimize')`);
    c.exec('PRAGMA optimize');
    c.pragma('wal_checkpoint(TRUNCATE)');
    console.log(`Seeded ${LISTINGS - existing} listings (+${sellers} sellers, 3 images each) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const visibleIds = c.prepare(`SELECT id FROM listings WHERE status = 'approved' AND active = 1`).pluck().all() as number[];
  const size = fs.statSync(file).size;
  console.log(`Database: ${(size / 1e6).toFixed(0)} MB, ${visibleIds.length} visible listings`);
  closeDatabase(db);
  return { visibleIds };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within 60 s`);
}

function start(cmd: string, argv: string[], env: NodeJS.ProcessEnv, name: string) {
  const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`${name} exited with ${code ?? signal}`);
  });
  return child;
}

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ id: 1, make: 'Volvo', model: 'V60', totalPrice: 219000 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function peakRss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { hwm: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface Case {
  name: string;
  base: string;
  path: string | (() => string);
  /** Targets from issue 4 on 2 cores. */
  p99Max?: number;
  bareMin?: number;
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function run(c: Case, duration: number, record: boolean): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const dynamic = typeof c.path === 'function' ? c.path : undefined;
    const instance = autocannon(
      {
        url: c.base + (dynamic ? '/' : (c.path as string)),
        connections: CONNECTIONS,
        duration,
        requests: dynamic ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: dynamic() }) }] : undefined,
      },
      (err, result) => {
        if (err) return reject(err);
        const sorted = Float64Array.from(times).sort();
        resolve({
          name: c.name,
          rps: result.requests.average,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          bytes: result.throughput.average / Math.max(1, result.requests.average),
        });
      },
    );
    if (record) instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function measure(c: Case): Promise<Measured> {
  await run(c, WARMUP, false);
  return run(c, DURATION, true);
}

// ---------------------------------------------------------------------------------------------------------------

/** How long the demo listings of an empty database take to draw and store (they are seeded on a first start). */
async function timeDemoSeed() {
  const db = openDatabase(':memory:');
  try {
    const user = db.$client
      .prepare(`INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('demo', 'x', 'Demo', 'demo@example.no', 'BP-DEMO01') RETURNING id`)
      .get() as { id: number };
    const started = performance.now();
    const result = await seedDemoListings({ db, config: testConfig({ uploadDir: path.join(tmp, 'demo-uploads') }) }, [user]);
    console.log(`Demo seed: ${result.listings} listings with ${result.listingImages} drawn photos in ${(performance.now() - started).toFixed(0)} ms`);
  } finally {
    closeDatabase(db);
  }
}

async function main() {
  console.log(`Bilpartner benchmark: ${LISTINGS} listings, ${CONNECTIONS} connections, ${DURATION} s per case (+${WARMUP} s warm-up), ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await timeDemoSeed();
  const { visibleIds } = seed(dbFile);

  const [appPort, barePort] = [await freePort(), await freePort()];
  const server = start(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    NODE_ENV: 'production',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATABASE_PATH: dbFile,
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    CLIENT_DIR: path.join(tmp, 'no-client'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  }, 'server');
  const bare = start(process.execPath, ['--input-type=module', '-e', BARE_SERVER], { PORT: String(barePort) }, 'bare server');
  const app = `http://127.0.0.1:${appPort}`;
  await Promise.all([waitFor(`${app}/api/listings?limit=1`, server, 'server'), waitFor(`http://127.0.0.1:${barePort}/`, bare, 'bare server')]);

  const r = rng(99);
  const words = ['stasjonsvogn', 'hengerfeste', 'vinterdekk', 'tesl', 'varmepumpe', 'garasjert', 'ærlig', 'blå', 'sølv', 'familiebil', 'servicehist', 'panorama', 'ålesund', 'tromsø', 'bremse'];
  const makes = ['Volvo', 'Toyota', 'Volkswagen', 'Tesla', 'BMW', 'Audi', 'Skoda', 'Ford', 'Kia', 'Hyundai'];
  const fuels = ['Diesel', 'Bensin', 'Elektrisk', 'Hybrid', 'Plug-in Hybrid'];

  const cases: Case[] = [
    { name: 'bare Fastify route (ceiling)', base: `http://127.0.0.1:${barePort}`, path: '/' },
    { name: 'search: make=Volvo&fuelType=Diesel', base: app, path: '/api/listings?make=Volvo&fuelType=Diesel', p99Max: 15, bareMin: 0.25 },
    { name: 'free text: query=stasjonsvogn', base: app, path: '/api/listings?query=stasjonsvogn', p99Max: 10 },
    { name: "free text: query=tesl", base: app, path: '/api/listings?query=tesl', p99Max: 10 },
    { name: 'sort: sort=price_asc&priceTo=300000', base: app, path: '/api/listings?sort=price_asc&priceTo=300000', p99Max: 15, bareMin: 0.25 },
    { name: 'detail: /api/listings/:id (random)', base: app, path: () => `/api/listings/${visibleIds[r.int(0, visibleIds.length - 1)]}`, bareMin: 0.5 },
    { name: 'unfiltered: /api/listings', base: app, path: '/api/listings' },
    // Cold: every request a different filter set, so no count is cached (informational, no target).
    { name: 'cold search: random make+fuel+priceTo', base: app, path: () => `/api/listings?make=${r.pick(makes)}&fuelType=${encodeURIComponent(r.pick(fuels))}&priceTo=${r.int(100, 900) * 1000 + r.int(1, 999)}` },
    { name: 'cold free text: random word+priceTo', base: app, path: () => `/api/listings?query=${encodeURIComponent(r.pick(words))}&priceTo=${r.int(100, 900) * 1000 + r.int(1, 999)}` },
    { name: 'cold sort: price_asc + random range', base: app, path: () => `/api/listings?sort=price_asc&priceFrom=${r.int(0, 200) * 1000}&priceTo=${r.int(250, 900) * 1000 + r.int(1, 999)}` },
  ];

  // Sanity: every case answers 200 with JSON before being measured.
  for (const c of cases.slice(1)) {
    const url = c.base + (typeof c.path === 'function' ? c.path() : c.path);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  }

  const results: Measured[] = [];
  for (const c of cases) {
    process.stdout.write(`  measuring ${c.name} ...`);
    const m = await measure(c);
    results.push(m);
    process.stdout.write(` ${Math.round(m.rps)} req/s\n`);
  }
  const mem = peakRss(server.pid!);
  const bareRps = results[0].rps;

  const verdict = (c: Case, m: Measured) => {
    const checks: string[] = [];
    if (c.p99Max !== undefined) checks.push(m.p99 <= c.p99Max ? `p99≤${c.p99Max} ok` : `p99≤${c.p99Max} MISSED`);
    if (c.bareMin !== undefined) checks.push(m.rps / bareRps >= c.bareMin ? `≥${c.bareMin} ok` : `≥${c.bareMin} MISSED`);
    return checks.join(', ') || '-';
  };
  const rows = results.map((m, i) => [
    m.name,
    Math.round(m.rps).toLocaleString('en-US'),
    m.p50.toFixed(2),
    m.p99.toFixed(2),
    (m.rps / bareRps).toFixed(2),
    String(Math.round(m.bytes)),
    m.errors || m.non2xx ? `${m.errors} err, ${m.non2xx} non-2xx` : '0',
    verdict(cases[i], m),
  ]);
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'x bare', 'bytes/resp', 'errors', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((cell, i) => (i === 0 || i === 7 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ') + ' |';
  console.log('');
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 || i === 7 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of rows) console.log(line(row));
  console.log('');
  console.log(`Server peak RSS (VmHWM): ${mem.hwm.toFixed(0)} MB (now ${mem.rss.toFixed(0)} MB). Load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main()
  .then(() => {
    cleanup();
    process.exit(0);
  })
  .catch((err) => {
    console.error(err);
    cleanup();
    process.exit(1);
  });
