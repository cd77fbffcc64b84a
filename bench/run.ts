// npm run bench: the public search and listing detail under load, and realtime chat delivery to 1 000 websocket
// subscribers. How to run it and read it: docs/benchmarks.md.
//
// Listing cases run the BUILT server (dist/server/main.mjs, built first if stale) on a seeded database of 100 000
// listings (bench/seed.ts; `--db FILE` keeps it between runs), 10 connections through autocannon, a warm-up and then
// the measured window, `--runs N` times (default 4). Cached cases ask the same URL every time; cold cases (cold-*,
// bench/cold-cases.ts) send only inputs no cache of the server has seen; detail asks random visible listings.
// Before the listing cases every server renders the home page and a listing's page, as a server in use has: its
// renderer is in its heap whether it loaded before ready or with the first visitor (`--cold-renderer`: it is not).
//
// `--baseline <dir>` also runs another checkout's build (its dist/server/main.mjs, built there if stale): both servers
// run side by side, each on its own copy of the seeded file (seeded with the migrations both share; each build
// migrates its copy at start), and every round measures both on the same inputs, taking turns: this build first in
// odd rounds, the baseline first in even ones (an even `--runs` gives each the first turn as often). Per case:
// req/s, p99 and peak RSS of both as the median (min–max) of the runs, and "this/baseline", the median (min–max) of
// each round's ratio. There are no absolute targets: a performance claim is such a ratio, measured in one run.
// `--check` exits 1 on a non-2xx answer or an error, realtime's lost or duplicated messages, and with a baseline when
// a cold case's req/s ratio is under 0.95 or its p99 ratio over 1.2, a cached case's or detail's req/s ratio is under
// 0.95, or this build's peak RSS is over the baseline's by more than 3 % (a Node server's peak moves a few MB from run
// to run with the collector's timing).
//
// `--store pg` compares this build on PostgreSQL with itself on SQLite instead, the same way: a throwaway
// PostgreSQL cluster (src/server/testing/pg-cluster.ts) gets a database holding the seeded file's rows
// (bench/pg-copy.ts), and the servers reach it through its Unix socket (`--pg-tcp`: loopback TCP), as a server on the
// database's machine would; the ratios are pg/sqlite. `--check` then holds the cached, detail and cold cases' req/s to
// at least 0.7× SQLite's; peak RSS is shown, not checked (PostgreSQL's own memory is not the server's). The realtime
// case becomes two instances on PostgreSQL (subscribers on one, senders on the other) against one on SQLite,
// alternated `--runs` times: `--check` holds its p99 to at most 2× and both to exactly once.
//
// The realtime case (bench/realtime.ts) and socket-session otherwise measure this build only. `--list` names every case;
// `--json` prints one JSON object a case on stdout (tables and progress go to stderr).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeDatabase, openDatabase } from '../db/client';
import { closePgDatabase, openPgDatabase } from '../db/pg/client';
import { testConfig } from '../src/server/config';
import { seedDemoListings } from '../src/server/demo/listings';
import { createSqliteStore } from '../src/server/store';
import { rng } from '../src/server/testing/listing-factory';
import { adminQuery, startPgCluster, type PgCluster } from '../src/server/testing/pg-cluster';
import { freePort, parseArgs, root, stopServer, type RunningServer } from '../scripts/lib/built-server';
import { inTurn } from '../scripts/lib/turns';
import { baselineBuild, commonMigrations, copyDatabase, ensureBuilt, startBuild, storeBuilds, thisBuild, type Build } from './builds';
import { COLD_CASES, drawerFor, InputStream } from './cold-cases';
import { summarizeCpuProfile } from './cpu-profile';
import { runRealtime, type RealtimeResult } from './realtime';
import { runSocketSession } from './socket-session';
import { copySqliteToPg } from './pg-copy';
import { memoryMB, RssSampler } from './rss';
import { appliedMigrations, readForSale, seedListings, type ForSale } from './seed';

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
  opts: { url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: { setupRequest: (req: { path: string }) => { path: string } }[] },
  done: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const args = parseArgs(process.argv.slice(2));
const JSON_OUT = args.flag('json');
const CHECK = args.flag('check');
const PROFILE = args.flag('profile');
/** `--cold-renderer`: no page is asked for before the listing cases, so each build's renderer is as it starts. */
const COLD_RENDERER = args.flag('cold-renderer');
/** `--encoding br` (or 'gzip', 'br, gzip'): listing cases ask for compressed answers, as a browser does; default none. */
const ACCEPT_ENCODING = args.str('encoding');
/**
 * `--log-level info`: the servers' LOG_LEVEL (default warn, scripts/lib/built-server.ts). At info this build writes its
 * line per request to the server's log file (docs/decisions/020-operability.md), so the line's cost shows against a
 * baseline.
 */
const LOG_LEVEL = args.str('log-level');
const LISTINGS = args.num('listings', 100_000);
const DURATION = args.num('duration', 8);
const RUNS = Math.max(1, Math.floor(args.num('runs', 4)));
const RNG_SEED = args.num('rng', 1);
const BASELINE = args.str('baseline');
/** `--store pg`: this build on PostgreSQL against itself on SQLite (the default store, `sqlite`, compares builds). */
const STORE = args.str('store') ?? 'sqlite';
const PG = STORE === 'pg';
/**
 * `--pg-tcp`: the servers reach PostgreSQL over loopback TCP. By default they use its Unix socket, as a server on the
 * same machine as its database would; docs/benchmarks.md has the two side by side.
 */
const PG_TCP = args.flag('pg-tcp');
const WARMUP = 2;
const CONNECTIONS = 10;
/** --check with a baseline: this build's req/s at least this share of the baseline's (with --store pg: PostgreSQL's
 * at least this share of SQLite's)... */
const MIN_RPS_RATIO = PG ? 0.7 : 0.95;
/** ...a cold case's p99 at most this multiple of the baseline's... */
const MAX_P99_RATIO = 1.2;
/** ...and its peak RSS at most the baseline's plus this share (the peak moves with the collector's timing). */
const RSS_TOLERANCE = 0.03;
/** --store pg: realtime across two instances on PostgreSQL, p99 at most this multiple of one instance's on SQLite. */
const MAX_REALTIME_P99_RATIO = 2;
/** URLs a dynamic case draws before it runs, per second of warm-up and measurement (more are drawn if it outpaces). */
const URLS_PER_SECOND = 2_500;
/** Cold inputs fetched once before a case is measured (not measured): all must answer 2xx. */
const SAMPLE = 30;

/** Progress and tables: stdout, or stderr with --json so stdout carries only the JSON lines. */
const out = () => (JSON_OUT ? process.stderr : process.stdout);
const log = (line: string) => out().write(`${line}\n`);
const emit = (o: Record<string, unknown>) => {
  if (JSON_OUT) process.stdout.write(`${JSON.stringify(o)}\n`);
};
const round = (n: number | null, digits = 2) => (n !== null && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
/** A figure for the table; '-' when there is none (NaN crosses the load generator's IPC as null). */
const fixed = (n: number | null, digits: number) => (n !== null && Number.isFinite(n) ? n.toFixed(digits) : '-');
const loadavg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-'));
const dbFile = args.str('db') ? path.resolve(args.str('db')!) : path.join(tmp, 'bench.db');
const children: ChildProcess[] = [];
const servers: RunningServer[] = [];
const onInterrupt: (() => void)[] = [];
/** --store pg: the throwaway PostgreSQL, started with the first database it holds. */
let cluster: PgCluster | undefined;
/** What --check fails on. */
const missed: string[] = [];

function cleanup() {
  for (const stop of onInterrupt) stop();
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  // Signals the postmaster at once; its folder is only removed when awaited (main's end).
  void cluster?.stop();
  if (PROFILE) log(`Profiles kept in ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

// ---------------------------------------------------------------------------------------------------------------
// Processes

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

// ---------------------------------------------------------------------------------------------------------------
// Measuring

type Kind = 'ceiling' | 'cached' | 'detail' | 'cold' | 'page';

interface Case {
  /** What --case selects and the JSON calls it. */
  id: string;
  name: string;
  kind: Kind;
  /** The same URL every time, or the drawer of the next URL (each round draws anew and every build replays it). */
  path: string | (() => string);
  /** Cold cases: the inputs (their count, repeats and the sample fetched before each run). */
  stream?: InputStream;
}

/** One measured run of a case on one server, with the server's peak RSS over it. */
interface Measured extends Run {
  rssMB: number;
}

/** The URLs of one round of a dynamic case: every build is sent the same ones in the same order. */
class Round {
  private readonly urls: string[] = [];
  constructor(private readonly draw: () => string) {}
  cursor(): () => string {
    let i = 0;
    return () => {
      if (i === this.urls.length) this.urls.push(this.draw());
      return this.urls[i++];
    };
  }
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Spread {
  median: number;
  min: number;
  max: number;
}
function spread(values: number[]): Spread {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, min: s[0], max: s[s.length - 1] };
}
const spreadJson = (s: Spread, digits = 2) => ({ median: round(s.median, digits), min: round(s.min, digits), max: round(s.max, digits) });
/** `1 234 (1 200–1 300)`: the median and, over more than one run, the range. */
function cell(s: Spread, digits: number) {
  const f = (n: number) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '-');
  return RUNS > 1 ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : f(s.median);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  bytes: number;
  loadCpuPercent: number;
  loadEventLoopP99Ms: number;
}

/** The load generator's event-loop delay is what exceeds this sampling interval. */
const LOOP_RESOLUTION_MS = 5;

function run(base: string, next: string | (() => string), duration: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    const cpu = process.cpuUsage();
    const started = performance.now();
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loop.enable();
    const instance = autocannon(
      {
        url: base + (typeof next === 'string' ? next : '/'),
        connections: CONNECTIONS,
        duration,
        // --encoding: the Accept-Encoding a browser sends (the server then answers with its kept compressed copies).
        headers: ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : undefined,
        // One request template whose path is the next ready URL: an array read per request.
        requests:
          typeof next === 'function'
            ? [
                {
                  setupRequest: (req) => {
                    req.path = next();
                    return req;
                  },
                },
              ]
            : undefined,
      },
      (err, result) => {
        if (err) return reject(err);
        const used = process.cpuUsage(cpu);
        loop.disable();
        const sorted = Float64Array.from(times).sort();
        resolve({
          rps: result.requests.average,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          requests: times.length,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          statuses,
          bytes: result.throughput.average / Math.max(1, result.requests.average),
          loadCpuPercent: ((used.user + used.system) / 1000 / (performance.now() - started)) * 100,
          loadEventLoopP99Ms: Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status < 200 || status > 299) statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/** Warm-up, then the measured window; errors and non-2xx of both count. */
async function measure(
  base: string,
  next: string | (() => string),
  rssOf: (from: number) => number,
  around?: { before: () => void; after: () => Promise<void> },
): Promise<Measured> {
  const from = performance.now();
  const warm = await run(base, next, WARMUP);
  around?.before();
  const m = await run(base, next, DURATION);
  await around?.after();
  const statuses = { ...warm.statuses };
  for (const [k, v] of Object.entries(m.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return { ...m, errors: m.errors + warm.errors, non2xx: m.non2xx + warm.non2xx, statuses, rssMB: rssOf(from) };
}

/**
 * Fetches a cold case's next inputs once before the run: each must answer 2xx with a JSON body (a page with
 * X-Total-Count). Answers how many pages came back empty, whether the answers differed (facets that ignore the
 * filters answer the same every time), and the failures, which count with the case's, the first one shown.
 */
async function sampleInputs(base: string, next: () => string) {
  let empty = 0;
  let non2xx = 0;
  let errors = 0;
  let firstFailure: string | undefined;
  const statuses: Record<string, number> = {};
  const bodies = new Set<string>();
  for (let i = 0; i < SAMPLE; i++) {
    const url = base + next();
    try {
      const res = await fetch(url);
      const text = await res.text();
      if (!res.ok) {
        non2xx++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        firstFailure ??= `${url} answered ${res.status}: ${text.slice(0, 200)}`;
        continue;
      }
      const body = JSON.parse(text) as unknown;
      bodies.add(text);
      if (Array.isArray(body)) {
        if (!res.headers.has('x-total-count')) throw new Error('no X-Total-Count');
        if (body.length === 0) empty++;
      }
    } catch (err) {
      errors++;
      firstFailure ??= `${url}: ${(err as Error).message}`;
    }
  }
  return { empty, distinctBodies: bodies.size, non2xx, errors, statuses, firstFailure };
}

// ---------------------------------------------------------------------------------------------------------------
// Cases

const CACHED_CASES = ['search', 'free-text', 'free-text-prefix', 'sort', 'unfiltered'];
const COLD_IDS = COLD_CASES.map((c) => c.id);
/**
 * The listing page as the server renders it (docs/decisions/019-server-rendering.md): on a cache miss (a random
 * listing) and a hit (one listing).
 */
const PAGE_CASES = ['page-miss', 'page-hit'];
const LISTING_CASES = ['seed', 'bare', ...CACHED_CASES, 'detail', ...PAGE_CASES, ...COLD_IDS];
const ALL_CASES = ['demo-seed', ...LISTING_CASES, 'realtime', 'socket-session'];
const GROUPS: Record<string, string[]> = {
  all: ALL_CASES,
  listings: ['demo-seed', ...LISTING_CASES],
  cold: COLD_IDS,
  cached: [...CACHED_CASES, 'detail'],
  pages: ['detail', ...PAGE_CASES],
};
/**
 * The rendered listing page's req/s against the listing's JSON (detail) in the same run, at least
 * (docs/decisions/019-server-rendering.md).
 */
const MIN_PAGE_RATIO: Record<string, number> = { 'page-miss': 0.3, 'page-hit': 0.8 };

/** The cases --case names (a comma list of case or group names; every case by default). */
function selectedCases(): Set<string> {
  const wanted = (args.str('case') ?? 'all').split(',').map((s) => s.trim()).filter(Boolean);
  const out = new Set<string>();
  for (const w of wanted) {
    const ids = GROUPS[w] ?? (ALL_CASES.includes(w) ? [w] : undefined);
    if (!ids) throw new Error(`unknown case '${w}'; cases: ${ALL_CASES.join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}`);
    for (const id of ids) out.add(id);
  }
  return out;
}

/** What --check holds a case to against a baseline; null when it compares nothing. */
function checkOf(kind: Kind): string | null {
  if (kind === 'cold' && !PG) return `req/s ≥ ${MIN_RPS_RATIO}×, p99 ≤ ${MAX_P99_RATIO}× baseline`;
  if (kind === 'cold' || kind === 'cached' || kind === 'detail') return `req/s ≥ ${MIN_RPS_RATIO}× ${PG ? 'SQLite' : 'baseline'}`;
  return null;
}

/** --list: every case with what it measures and what --check compares against a baseline. */
function listCases() {
  const rows: [string, string, string][] = [
    ['demo-seed', 'the demo listings of an empty database, drawn and stored', '- (this build only)'],
    ['seed', `seeding ${LISTINGS.toLocaleString('en-US')} listings into a new file (with any listing case that seeds)`, '- (timed)'],
    ['bare', 'bare Fastify route, the ceiling (without --baseline; joins cached and detail)', '-'],
    ['search', 'GET /api/listings?make=Volvo&fuelType=Diesel, the same URL every time (cache hit)', checkOf('cached')!],
    ['free-text', 'GET /api/listings?query=stasjonsvogn, the same URL (cache hit)', checkOf('cached')!],
    ['free-text-prefix', 'GET /api/listings?query=tesl, the same URL (cache hit)', checkOf('cached')!],
    ['sort', 'GET /api/listings?sort=price_asc&priceTo=300000, the same URL (cache hit)', checkOf('cached')!],
    ['unfiltered', 'GET /api/listings, the same URL (cache hit)', checkOf('cached')!],
    ['detail', 'GET /api/listings/:id, a random visible listing', checkOf('detail')!],
    ...COLD_CASES.map((c): [string, string, string] => [c.id, `${c.name} (${c.path}, every input new)`, checkOf('cold')!]),
    ['(server-rss)', "each server's peak RSS over the listing cases (with any listing case)", PG ? '-' : `≤ baseline + ${RSS_TOLERANCE * 100} %`],
    PG
      ? ['realtime', '1 000 subscribed websockets, send → delivery: 2 instances on PostgreSQL against 1 on SQLite', `exactly once, p99 ≤ ${MAX_REALTIME_P99_RATIO}× SQLite`]
      : ['realtime', '1 000 subscribed websockets, send → delivery (this build only)', 'exactly once'],
    ['socket-session', 'a call over a websocket against the session read each call makes (this build only)', '-'],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  const t = Math.max(...rows.map((r) => r[2].length));
  console.log(rows.map(([id, what, check]) => `${id.padEnd(w)}  ${check.padEnd(t)}  ${what}`).join('\n'));
  console.log(`\ngroups: ${Object.entries(GROUPS).map(([k, v]) => `${k} (${v.join(', ')})`).join('; ')}`);
}

/** How long the demo listings of an empty database take to draw and store (they are seeded on a first start). */
async function timeDemoSeed() {
  const db = openDatabase(':memory:');
  try {
    const user = db.$client
      .prepare(`INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('demo', 'x', 'Demo', 'demo@example.no', 'BP-DEMO01') RETURNING id`)
      .get() as { id: number };
    const started = performance.now();
    const result = await seedDemoListings({ store: createSqliteStore(db, false), config: testConfig({ uploadDir: path.join(tmp, 'demo-uploads') }) }, [user]);
    const ms = performance.now() - started;
    log(`Demo seed: ${result.listings} listings with ${result.listingImages} drawn photos in ${ms.toFixed(0)} ms`);
    emit({ case: 'demo-seed', ms: round(ms, 0), listings: result.listings, images: result.listingImages });
  } finally {
    closeDatabase(db);
  }
}

/** A build's running server for the listing cases, its RSS sampled from its start. */
interface Server {
  build: Build;
  server: RunningServer;
  rss: RssSampler;
  profileFile: string;
}

/**
 * --profile: the server's CPU profile over one measured window (bench/server-profiler.mjs starts and stops it on
 * SIGUSR2), kept as <case>-<build>-<run>.cpuprofile in the temp folder and summarised after the run.
 */
function profiling(s: Server, name: string) {
  return {
    before: () => void process.kill(s.server.pid, 'SIGUSR2'),
    after: async () => {
      process.kill(s.server.pid, 'SIGUSR2');
      for (let waited = 0; !fs.existsSync(s.profileFile) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      if (!fs.existsSync(s.profileFile)) return void log(`  ${name}: the server wrote no CPU profile`);
      const kept = path.join(tmp, `${name}.cpuprofile`);
      fs.renameSync(s.profileFile, kept);
      log(`\n${name}:\n${summarizeCpuProfile(kept, 20)}\n  (profile: ${kept})`);
    },
  };
}

/**
 * Seeds the listings database (or reuses --db). With a baseline it is seeded with the migrations both builds share,
 * so each can migrate its own copy; a file migrated past them is refused.
 */
function seedCase(builds: Build[]): ForSale {
  // --store pg runs one checkout twice: its own migrations are the shared ones.
  const shared = builds.length > 1 && builds[1].root !== builds[0].root ? commonMigrations(builds, tmp) : undefined;
  if (shared) {
    const applied = appliedMigrations(dbFile);
    if (applied > shared.count) {
      throw new Error(`${dbFile} has ${applied} migrations applied; the builds share ${shared.count} (up to ${shared.last}), so the baseline cannot open it: name a new --db file`);
    }
    log(`Seeded file at the builds' shared schema: ${shared.count} migrations, up to ${shared.last}`);
  }
  const s = seedListings(dbFile, LISTINGS, shared?.folder);
  if (s.ms === null) {
    log(`Reusing ${dbFile} (${s.existing} listings, ${s.sizeMB.toFixed(0)} MB): seeded before, so no seed time`);
  } else {
    const seconds = s.ms / 1000;
    const what = s.existing ? `Topped up ${s.inserted} listings (the file held ${s.existing})` : `Seeded ${s.inserted} listings (+5 000 sellers, 3 images each)`;
    log(`${what} in ${seconds.toFixed(1)} s, ${s.sizeMB.toFixed(0)} MB. Load average ${loadavg()}`);
    emit({ case: 'seed', ms: round(s.ms, 0), seconds: round(seconds, 1), listings: s.inserted, sizeMB: round(s.sizeMB, 0), loadavg: os.loadavg()[0] });
  }
  const forSale = readForSale(dbFile);
  // A file seeded by an older version of the seed may lack photos: its pages are a third smaller and its figures flatter.
  if (forSale.photosPerListing < 2.5) {
    log(`warning: ${dbFile} has ${forSale.photosPerListing.toFixed(1)} photos per visible listing where the seed gives 3: its answers are smaller than the benchmark's own, so its figures are not comparable (seed a new file)`);
  }
  log(`Database: ${forSale.visibleIds.length} visible listings`);
  return forSale;
}

/** One build's figures for a case over its runs. */
function summarize(runs: Measured[]) {
  const statuses: Record<string, number> = {};
  for (const m of runs) for (const [k, v] of Object.entries(m.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const sum = (f: (m: Measured) => number) => runs.reduce((n, m) => n + f(m), 0);
  return {
    rps: spread(runs.map((m) => m.rps)),
    p50: spread(runs.map((m) => m.p50)),
    p99: spread(runs.map((m) => m.p99)),
    rssMB: spread(runs.map((m) => m.rssMB)),
    bytes: spread(runs.map((m) => m.bytes)).median,
    requests: sum((m) => m.requests),
    errors: sum((m) => m.errors),
    non2xx: sum((m) => m.non2xx),
    statuses,
    loadCpuPercent: Math.max(...runs.map((m) => m.loadCpuPercent)),
    loadEventLoopP99Ms: Math.max(...runs.map((m) => m.loadEventLoopP99Ms)),
  };
}
type Summary = ReturnType<typeof summarize>;
const summaryJson = (s: Summary) => ({
  rps: spreadJson(s.rps, 0),
  p50: spreadJson(s.p50),
  p99: spreadJson(s.p99),
  rssMB: spreadJson(s.rssMB, 0),
  requests: s.requests,
  errors: s.errors,
  non2xx: s.non2xx,
  statuses: s.statuses,
  bytesPerResponse: round(s.bytes, 0),
  loadCpuPercent: round(s.loadCpuPercent, 0),
  loadEventLoopP99Ms: round(s.loadEventLoopP99Ms, 1),
});
/** Each round's this/baseline ratio of a figure, as a median and range. */
const ratios = (a: Measured[], b: Measured[], f: (m: Measured) => number) => spread(a.map((m, i) => f(m) / f(b[i])));

/**
 * --store pg: a new PostgreSQL database (`name`, replaced if there) holding the rows of a SQLite file, read from a
 * copy migrated as the SQLite build's server migrates its own; answers the environment that runs a server on it.
 */
async function pgDatabaseFrom(file: string, name: string): Promise<Record<string, string>> {
  cluster ??= await startPgCluster();
  await adminQuery(cluster.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(cluster.adminUrl, `CREATE DATABASE ${name}`);
  const url = PG_TCP ? cluster.urlOf(name) : cluster.socketUrlOf(name);
  const started = performance.now();
  const source = copyDatabase(file, `${name}-source`, tmp);
  const from = openDatabase(source);
  const to = await openPgDatabase(url);
  try {
    const copied = await copySqliteToPg(from, to);
    const rows = Object.entries(copied).filter(([, n]) => n > 0).map(([table, n]) => `${n} ${table}`);
    log(`PostgreSQL database ${name} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows.join(', ')}`);
  } finally {
    closeDatabase(from);
    await closePgDatabase(to);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(source + suffix, { force: true });
  }
  return { DATABASE_URL: url };
}

/** The listing cases on every build, alternated round by round, with each server's RSS sampled throughout. */
async function listingCases(selected: Set<string>, builds: Build[]): Promise<void> {
  const forSale = seedCase(builds);
  const compared = builds.length > 1;
  const measuredIds = LISTING_CASES.filter((id) => id !== 'seed' && id !== 'bare' && selected.has(id));
  if (measuredIds.length === 0 && !selected.has('bare')) return;

  if (PG) builds[0].env = await pgDatabaseFrom(dbFile, 'bench_listings');
  const running: Server[] = [];
  for (const build of builds) {
    const started = performance.now();
    const profileFile = path.join(tmp, `server-${build.label}.cpuprofile`);
    const server = await startBuild(build, {
      dbPath: build.env?.DATABASE_URL ? path.join(tmp, 'unused.db') : copyDatabase(dbFile, build.label, tmp),
      uploadDir: path.join(tmp, `uploads-${build.label}`),
      port: await freePort(),
      seedDemo: false,
      logLevel: LOG_LEVEL,
      logFile: path.join(tmp, `server-${build.label}.log`),
      env: PROFILE ? { NODE_OPTIONS: `--import=${pathToFileURL(path.join(root, 'bench/server-profiler.mjs')).href}`, BENCH_CPU_PROFILE: profileFile } : undefined,
    });
    servers.push(server);
    running.push({ build, server, rss: new RssSampler(server.pid), profileFile });
    log(`Started ${build.label} (${build.commit}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const listingsStarted = performance.now();

  // The bare route, the ceiling of a single build's figures; a comparison of builds has no use for it.
  const wantsBare = !compared && (selected.has('bare') || measuredIds.some((id) => id === 'detail' || CACHED_CASES.includes(id)));
  const barePort = await freePort();
  const bare = wantsBare ? start(process.execPath, ['--input-type=module', '-e', BARE_SERVER], { PORT: String(barePort) }, 'bare server') : null;
  if (bare) await waitFor(`http://127.0.0.1:${barePort}/`, bare, 'bare server');

  // A dynamic case's URLs are drawn before each round; handing one out is an array read.
  const urlsPerCase = Math.ceil((WARMUP + DURATION) * URLS_PER_SECOND);
  const detailRng = rng(RNG_SEED * 7919 + 99);
  const pageRng = rng(RNG_SEED * 7919 + 101);
  const all: Case[] = [
    { id: 'bare', kind: 'ceiling', name: 'bare Fastify route (ceiling)', path: '/' },
    { id: 'search', kind: 'cached', name: 'cached search: make=Volvo&fuelType=Diesel', path: '/api/listings?make=Volvo&fuelType=Diesel' },
    { id: 'free-text', kind: 'cached', name: 'cached free text: query=stasjonsvogn', path: '/api/listings?query=stasjonsvogn' },
    { id: 'free-text-prefix', kind: 'cached', name: 'cached free text: query=tesl', path: '/api/listings?query=tesl' },
    { id: 'sort', kind: 'cached', name: 'cached sort: sort=price_asc&priceTo=300000', path: '/api/listings?sort=price_asc&priceTo=300000' },
    { id: 'unfiltered', kind: 'cached', name: 'cached unfiltered: /api/listings', path: '/api/listings' },
    { id: 'detail', kind: 'detail', name: 'detail: /api/listings/:id (random)', path: () => `/api/listings/${forSale.visibleIds[detailRng.int(0, forSale.visibleIds.length - 1)]}` },
    // The page of a random listing: with 100 000 listings the server's page cache (100 pages) all but never has it.
    { id: 'page-miss', kind: 'page', name: 'page: /listing/:id rendered (random, cache miss)', path: () => `/listing/${forSale.visibleIds[pageRng.int(0, forSale.visibleIds.length - 1)]}` },
    { id: 'page-hit', kind: 'page', name: 'page: /listing/:id (one listing, cache hit)', path: `/listing/${forSale.visibleIds[0]}` },
    ...COLD_CASES.map((cold): Case => {
      const stream = new InputStream(cold, drawerFor(cold.id, forSale, RNG_SEED));
      return { id: cold.id, kind: 'cold', name: cold.name, path: () => stream.next(), stream };
    }),
  ];
  const cases = all.filter((c) => (c.id === 'bare' ? wantsBare : selected.has(c.id)));

  // Sanity: the same-URL cases answer 200 on every build before being measured.
  for (const c of cases) {
    if (c.kind === 'ceiling' || typeof c.path !== 'string') continue;
    for (const s of running) {
      const res = await fetch(s.server.base + c.path);
      if (!res.ok) throw new Error(`${s.build.label}: ${c.path} answered ${res.status}: ${await res.text()}`);
    }
  }

  // A server in use has rendered pages, and its renderer (React, Chakra, the routes) lives in its heap from then on: a
  // build that loads it before ready and one that loads it on the first page are compared as they run once visited
  // (docs/benchmarks.md#the-renderer-in-every-heap). --cold-renderer leaves each build as it starts.
  if (!COLD_RENDERER) {
    for (const s of running) {
      for (const url of ['/', `/listing/${forSale.visibleIds[0]}`]) {
        const res = await fetch(s.server.base + url, { headers: { accept: 'text/html' } });
        if (!res.ok) throw new Error(`${s.build.label}: ${url} answered ${res.status}`);
        await res.arrayBuffer();
      }
    }
  }

  /** Per case, per build label ('bare' for the ceiling), the measured runs in round order. */
  const results = new Map<string, Map<string, Measured[]>>();
  const samples = new Map<string, Awaited<ReturnType<typeof sampleInputs>>[]>();
  for (const c of cases) {
    const byBuild = new Map<string, Measured[]>();
    results.set(c.id, byBuild);
    for (let r = 0; r < RUNS; r++) {
      c.stream?.prepare(urlsPerCase + SAMPLE);
      const roundUrls = typeof c.path === 'function' ? new Round(c.path) : null;
      // Every other round the builds take turns in the other order: whichever runs first in a round measured lower,
      // the same code against itself included (docs/benchmarks.md#the-order-within-a-round).
      const targets = c.kind === 'ceiling' ? [null] : inTurn(r, running);
      const line: string[] = [];
      for (const s of targets) {
        const label = s?.build.label ?? 'bare';
        const base = s ? s.server.base : `http://127.0.0.1:${barePort}`;
        const next = roundUrls ? roundUrls.cursor() : (c.path as string);
        const sample = c.stream ? await sampleInputs(base, next as () => string) : undefined;
        if (sample) samples.set(c.id, [...(samples.get(c.id) ?? []), sample]);
        const rssOf = (from: number) => (s ? s.rss.peakSince(from) : (memoryMB(bare!.pid!)?.rss ?? NaN));
        const m = await measure(base, next, rssOf, PROFILE && s ? profiling(s, `${c.id}-${label}-${r + 1}`) : undefined);
        // The sample's failures count with the run's.
        if (sample) {
          m.non2xx += sample.non2xx;
          m.errors += sample.errors;
          for (const [k, v] of Object.entries(sample.statuses)) m.statuses[k] = (m.statuses[k] ?? 0) + v;
        }
        byBuild.set(label, [...(byBuild.get(label) ?? []), m]);
        line.push(`${label} ${Math.round(m.rps)} req/s${m.errors || m.non2xx ? ` (${m.errors} errors, ${m.non2xx} non-2xx)` : ''}`);
      }
      log(`  ${c.name}, run ${r + 1}/${RUNS}: ${(r % 2 === 0 ? line : [...line].reverse()).join(', ')}`);
    }
  }
  const listingSeconds = (performance.now() - listingsStarted) / 1000;
  const memory = new Map(running.map((s) => [s.build.label, s.rss.stop()]));
  const [A, B] = builds.map((b) => b.label);

  const errorsOf = (s: Summary) => (s.errors || s.non2xx ? `${s.errors} err, ${s.non2xx} non-2xx` : '0');
  if (!compared) {
    const bareRps = results.get('bare')?.get('bare');
    const rows: string[][] = [];
    for (const c of cases) {
      const runs = results.get(c.id)!.get(c.kind === 'ceiling' ? 'bare' : A)!;
      const s = summarize(runs);
      const xBare = bareRps && c.kind !== 'ceiling' ? ratios(runs, bareRps, (m) => m.rps) : null;
      if (s.errors || s.non2xx) missed.push(`${c.id}: ${errorsOf(s)}`);
      emit({ case: c.id, kind: c.kind, runs: RUNS, this: summaryJson(s), xBare: xBare ? spreadJson(xBare) : null, ...coldNotesJson(c) });
      rows.push([c.name, cell(s.rps, 0), cell(s.p50, 2), cell(s.p99, 2), xBare ? cell(xBare, 2) : '-', cell(s.rssMB, 0), fixed(s.bytes, 0), fixed(s.loadCpuPercent, 0), errorsOf(s)]);
    }
    table(['case', 'req/s', 'p50 ms', 'p99 ms', '× bare', 'RSS MB', 'bytes/resp', 'gen CPU %', 'errors'], rows);
    pageRatios(results, A);
  } else {
    const rows: string[][] = [];
    for (const c of cases) {
      const a = results.get(c.id)!.get(A)!;
      const b = results.get(c.id)!.get(B)!;
      const sa = summarize(a);
      const sb = summarize(b);
      const rps = ratios(a, b, (m) => m.rps);
      const p99 = ratios(a, b, (m) => m.p99);
      const rss = ratios(a, b, (m) => m.rssMB);
      const failed: string[] = [];
      if (sa.errors || sa.non2xx || sb.errors || sb.non2xx) failed.push('errors');
      if (checkOf(c.kind) && !(rps.median >= MIN_RPS_RATIO)) failed.push(`req/s ${rps.median.toFixed(2)}× < ${MIN_RPS_RATIO}×`);
      if (c.kind === 'cold' && !PG && !(p99.median <= MAX_P99_RATIO)) failed.push(`p99 ${p99.median.toFixed(2)}× > ${MAX_P99_RATIO}×`);
      const verdict = failed.length ? failed.join(', ') : checkOf(c.kind) ? 'ok' : '-';
      if (failed.length) missed.push(`${c.id}: ${verdict}`);
      emit({
        case: c.id,
        kind: c.kind,
        runs: RUNS,
        [A]: summaryJson(sa),
        [B]: summaryJson(sb),
        ratio: { rps: spreadJson(rps, 3), p99: spreadJson(p99, 3), rssMB: spreadJson(rss, 3) },
        check: checkOf(c.kind),
        met: checkOf(c.kind) ? failed.length === 0 : null,
        ...coldNotesJson(c),
      });
      rows.push([
        c.name,
        cell(sa.rps, 0),
        cell(sb.rps, 0),
        cell(rps, 2),
        cell(sa.p99, 2),
        cell(sb.p99, 2),
        cell(p99, 2),
        cell(sa.rssMB, 0),
        cell(sb.rssMB, 0),
        cell(rss, 2),
        sa.errors + sa.non2xx + sb.errors + sb.non2xx ? `${errorsOf(sa)} / ${errorsOf(sb)}` : '0',
        verdict,
      ]);
    }
    log(PG ? `\npg and sqlite: ${builds[0].commit}` : `\nthis: ${builds[0].commit}\nbaseline: ${builds[1].commit} (${builds[1].root})`);
    log(`Each figure: the median (min–max) of ${RUNS} run(s); ${A}/${B}: the median (min–max) of each round's ratio.`);
    const per = (what: string) => [`${what} ${A}`, `${what} ${B}`, `${A}/${B}`];
    table(['case', ...per('req/s'), ...per('p99 ms'), ...per('RSS MB'), 'errors', '--check'], rows);
  }

  // What the cold inputs were: how many, whether any repeated, and what the samples fetched before each run found.
  for (const c of cases) {
    const notes = coldNotes(c);
    if (notes) log(`  ${c.id}: ${notes}`);
  }
  // The load generator shares this process's one thread: busy, or kept waiting by other processes, it sends late.
  const busy = cases.filter((c) => [...results.get(c.id)!.values()].flat().some((m) => m.loadCpuPercent > 90 || m.loadEventLoopP99Ms > 10)).map((c) => c.id);
  if (busy.length) {
    log(`  warning: the load generator (this process) was busy or kept waiting (over 90 % of a core, or event-loop delay p99 over 10 ms) in: ${busy.join(', ')}; their figures are partly its own, not the server's`);
  }

  // Each server's peak over the whole listing part: the highest sample (every 100 ms) or the kernel's high-water mark.
  log(`\nServer RSS over ${listingSeconds.toFixed(0)} s of listing cases:`);
  for (const [label, m] of memory) {
    log(`  ${label}: peak ${m.peakMB.toFixed(0)} MB (sampled ${m.sampledPeakMB.toFixed(0)} MB, VmHWM ${m.hwmMB.toFixed(0)} MB; at the peak sample ${m.anonMB.toFixed(0)} MB its own, ${m.fileMB.toFixed(0)} MB mapped files), ${m.endMB.toFixed(0)} MB at the end`);
  }
  const mem = (m: NonNullable<ReturnType<typeof memory.get>>) => ({
    peakMB: round(m.peakMB, 0),
    sampledPeakMB: round(m.sampledPeakMB, 0),
    hwmMB: round(m.hwmMB, 0),
    endMB: round(m.endMB, 0),
    anonMB: round(m.anonMB, 0),
    fileMB: round(m.fileMB, 0),
    samples: m.samples,
  });
  const a = memory.get(A)!;
  const b = B ? memory.get(B) : undefined;
  const rssRatio = b ? a.peakMB / b.peakMB : null;
  // PostgreSQL's cache is its own processes', not the server's: the pg server's RSS is not held to SQLite's.
  const rssMet = b && !PG ? a.peakMB <= b.peakMB * (1 + RSS_TOLERANCE) : null;
  if (b) {
    log(`  ${A}/${B}: ${rssRatio!.toFixed(2)}${PG ? " (the server's own; PostgreSQL's processes not counted)" : ` (--check: ≤ 1 + ${RSS_TOLERANCE}) ${rssMet ? 'ok' : 'HIGHER'}`}`);
    if (rssMet === false) missed.push(`server-rss: peak ${a.peakMB.toFixed(0)} MB against the baseline's ${b.peakMB.toFixed(0)} MB`);
  }
  log(`  Load average after: ${loadavg()}`);
  emit({ case: 'server-rss', seconds: round(listingSeconds, 0), [A]: mem(a), ...(b ? { [B]: mem(b), ratio: round(rssRatio, 3), met: rssMet } : {}) });

  for (const s of running) await stopServer(s.server);
  servers.length = 0;
  bare?.kill('SIGTERM');

  function coldNotes(c: Case): string | null {
    const sampled = samples.get(c.id);
    if (!c.stream || !sampled) return null;
    const notes = [`${c.stream.sent} inputs drawn${running.length > 1 ? ', each sent to every build' : ''}`];
    if (c.stream.repeats) notes.push(`${c.stream.repeats} repeated`);
    if (c.stream.refills) notes.push(`drawn ahead ${c.stream.refills} more time(s) during the runs`);
    const empty = sampled.reduce((n, s) => n + s.empty, 0);
    notes.push(`of ${SAMPLE * sampled.length} sampled: ${empty} empty`);
    const failed = sampled.reduce((n, s) => n + s.non2xx + s.errors, 0);
    const first = sampled.find((s) => s.firstFailure)?.firstFailure;
    if (failed) notes.push(`${failed} failed, first: ${first}`);
    if (c.id === 'cold-facets' && sampled.every((s) => s.distinctBodies === 1)) notes.push('every answer the same: the facets ignore the filters, so this measures their memoised counts, not a cold count');
    return notes.join('; ');
  }
  function coldNotesJson(c: Case) {
    const sampled = samples.get(c.id);
    if (!c.stream || !sampled) return {};
    return { inputs: c.stream.sent, repeats: c.stream.repeats, sampleEmpty: sampled.reduce((n, s) => n + s.empty, 0) };
  }
}

/** The rendered page's req/s over the listing JSON's (detail), round by round, against MIN_PAGE_RATIO. */
function pageRatios(results: Map<string, Map<string, Measured[]>>, label: string) {
  const detail = results.get('detail')?.get(label);
  const rows: string[][] = [];
  for (const id of PAGE_CASES) {
    const page = results.get(id)?.get(label);
    if (!page || !detail) continue;
    const ratio = ratios(page, detail, (m) => m.rps);
    const met = ratio.median >= MIN_PAGE_RATIO[id];
    if (!met) missed.push(`${id}: ${ratio.median.toFixed(2)}× the JSON's req/s < ${MIN_PAGE_RATIO[id]}×`);
    emit({ case: `${id}-vs-detail`, runs: RUNS, ratio: spreadJson(ratio, 3), check: `≥ ${MIN_PAGE_RATIO[id]}× detail`, met });
    rows.push([id, cell(ratio, 2), `≥ ${MIN_PAGE_RATIO[id]}`, met ? 'ok' : 'MISSED']);
  }
  if (rows.length) {
    log('\nThe rendered listing page against the listing\'s JSON (detail), req/s, each round\'s ratio: median (min–max):');
    table(['case', 'page / JSON', 'target', '--check'], rows);
  }
}

function table(header: string[], rows: string[][]) {
  const last = header.length - 1;
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const left = (i: number) => i === 0 || i === last;
  const line = (cells: string[]) => '| ' + cells.map((cell, i) => (left(i) ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ') + ' |';
  log('');
  log(line(header));
  log('|' + widths.map((w, i) => (left(i) ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of rows) log(line(row));
  log('');
}

/**
 * The realtime case; answers whether delivery was exactly once (a failure exits 1 with or without --check). With
 * --store pg: one instance on SQLite, then two on PostgreSQL (each on a fresh database), `--runs` times.
 */
async function realtimeCase(): Promise<{ exactlyOnce: boolean }> {
  const users = args.num('users', 1000);
  const via = args.str('via') ?? 'trpc';
  if (via !== 'trpc' && via !== 'rest') throw new Error(`--via must be trpc or rest, not ${via}`);
  // By default every user sends a message every 5 s: far above a real conversation's pace, all 1 000 at once.
  const rate = args.num('rate', Math.round(users * 0.2));
  // The per-user chat limit is 60 a minute (src/server/http/rate-limits.ts); above ~0.8 a second per user the case
  // would measure 429s instead of delivery.
  if (rate / users > 0.8) log(`  realtime: warning: ${(rate / users).toFixed(2)} messages/s per user is near the per-user chat limit (60/min); expect 429s`);
  const seconds = args.num('duration', 20);
  const arms = PG
    ? [
        { label: 'sqlite, 1 instance', instances: 1 },
        { label: 'pg, 2 instances', instances: 2, database: (file: string) => pgDatabaseFrom(file, 'bench_realtime') },
      ]
    : [{ label: 'this', instances: 1 }];
  const results = arms.map((): RealtimeResult[] => []);
  let exactlyOnce = true;
  for (let r = 0; r < (PG ? RUNS : 1); r++) {
    for (const [i, arm] of arms.entries()) {
      if (PG) log(`realtime, ${arm.label}, run ${r + 1}/${RUNS}:`);
      const busy = os.loadavg()[0];
      if (busy > 1) log(`  realtime: warning: load average ${busy.toFixed(1)}; other processes take CPU from the server and the figures will be worse than its own`);
      const m = await runRealtime({
        users,
        rate,
        seconds,
        warmupSeconds: 5,
        via,
        profile: args.flag('profile'),
        keep: args.flag('keep'),
        log,
        onInterrupt: (stop) => onInterrupt.push(stop),
        instances: arm.instances,
        database: arm.database,
      });
      results[i].push(m);
      exactlyOnce = reportRealtime(m, PG ? arm.label : null) && exactlyOnce;
    }
  }
  if (PG) {
    // Each round's two-instance p99 over the one-instance p99 of the same round, as the listing cases' ratios.
    // A run that delivered nothing has no p99 (NaN crosses the load generator's IPC as null, which would divide to 0).
    const p99Of = (m: RealtimeResult) => (m.latency.samples > 0 ? m.latency.p99 : NaN);
    const [one, two] = results;
    const p99 = spread(two.map((m, i) => p99Of(m) / p99Of(one[i])));
    const met = p99.median <= MAX_REALTIME_P99_RATIO;
    const verdict = met ? 'ok' : Number.isFinite(p99.median) ? `p99 > ${MAX_REALTIME_P99_RATIO}×` : 'no p99';
    if (!met) missed.push(`realtime: two instances' p99 against one instance's: ${verdict}`);
    const sum = (rs: RealtimeResult[], f: (m: RealtimeResult) => number) => String(rs.reduce((n, m) => n + f(m), 0));
    log(`\nrealtime, ${RUNS} round(s) alternated; each figure the median (min–max) of the rounds, lost and dup their sum:`);
    table(
      ['case', 'deliveries/s', 'p50 ms', 'p99 ms', 'p99 / 1 instance', 'lost', 'dup', '--check'],
      arms.map((arm, i) => [
        arm.label,
        cell(spread(results[i].map((m) => m.deliveredPerSecond)), 0),
        cell(spread(results[i].map((m) => m.latency.p50)), 2),
        cell(spread(results[i].map(p99Of)), 2),
        i === 0 ? '1' : cell(p99, 2),
        sum(results[i], (m) => m.lost),
        sum(results[i], (m) => m.duplicates),
        i === 0 ? '-' : verdict,
      ]),
    );
    emit({ case: 'realtime-instances', runs: RUNS, p99Ratio: spreadJson(p99, 3), check: `p99 ≤ ${MAX_REALTIME_P99_RATIO}× one instance`, met });
  }
  return { exactlyOnce };
}

/** One realtime run's table and notes (and JSON line); answers whether it delivered exactly once. */
function reportRealtime(m: RealtimeResult, arm: string | null): boolean {
  const exactlyOnce = m.lost === 0 && m.duplicates === 0 && m.foreign === 0 && m.malformed === 0 && m.expected > 0;
  const refused = Object.entries(m.refused).map(([k, v]) => `${v}× ${k}`).join(', ') || 'none';
  table(
    ['case', 'deliveries/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'sent', 'expected', 'received', 'dup', 'lost', 'RSS MB', 'delivery'],
    [
      [
        `realtime${arm ? ` (${arm})` : ''}: ${m.users} sockets, ${fixed(m.sentPerSecond, 0)} msg/s via ${m.via}`,
        fixed(m.deliveredPerSecond, 0),
        fixed(m.latency.p50, 2),
        fixed(m.latency.p90, 2),
        fixed(m.latency.p99, 2),
        fixed(m.latency.max, 1),
        String(m.sent),
        String(m.expected),
        String(m.received),
        String(m.duplicates),
        String(m.lost),
        fixed(m.rssMB, 0),
        exactlyOnce ? 'exactly once' : 'NOT exactly once',
      ],
    ],
  );
  log(`  delivered to nobody else: ${m.foreign === 0 ? 'ok' : `${m.foreign} pushes to a non-participant`}; malformed pushes: ${m.malformed}; refused sends: ${refused}; sockets closed during the run: ${m.unexpectedCloses}; subscription errors: ${m.subscriptionErrors}`);
  log(`  sender's HTTP answer: p50 ${fixed(m.ack.p50, 2)} ms, p99 ${fixed(m.ack.p99, 2)} ms; connecting ${m.connected} sockets took ${(m.connectMs / 1000).toFixed(1)} s (p99 ${fixed(m.connectP99Ms, 0)} ms each)`);
  log(`  server: CPU ${fixed(m.serverCpuPercent, 0)} % of a core while measured, ${fixed(m.serverCpuMsPerMessage, 2)} ms per message (its two pushes and the sender's answer included); RSS ${fixed(m.rssIdleMB, 0)} MB idle, ${fixed(m.rssConnectedMB, 0)} MB with the sockets open, ${fixed(m.rssMB, 0)} MB at the end of the run, peak ${fixed(m.rssPeakMB, 0)} MB`);
  log(`  load generator: CPU ${fixed(m.loadCpuPercent, 0)} % of a core, event-loop delay p99 ${fixed(m.loadEventLoopP99Ms, 1)} ms, send schedule lag p99 ${fixed(m.scheduleLagP99Ms, 1)} ms. Load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (m.profile) log(`\n${m.profile}\n  (profile: ${m.profileFile})`);
  emit({
    case: 'realtime',
    ...(arm ? { store: m.instances > 1 ? 'pg' : 'sqlite', instances: m.instances } : {}),
    p50: round(m.latency.p50),
    p99: round(m.latency.p99),
    rps: round(m.deliveredPerSecond, 0),
    rssMB: round(m.rssMB, 0),
    p90: round(m.latency.p90),
    max: round(m.latency.max),
    sentPerSecond: round(m.sentPerSecond, 0),
    sent: m.sent,
    expected: m.expected,
    received: m.received,
    duplicates: m.duplicates,
    lost: m.lost,
    foreign: m.foreign,
    malformed: m.malformed,
    refused: m.refused,
    unexpectedCloses: m.unexpectedCloses,
    ackP50: round(m.ack.p50),
    ackP99: round(m.ack.p99),
    rssIdleMB: round(m.rssIdleMB, 0),
    rssConnectedMB: round(m.rssConnectedMB, 0),
    rssPeakMB: round(m.rssPeakMB, 0),
    serverCpuPercent: round(m.serverCpuPercent, 0),
    serverCpuMsPerMessage: round(m.serverCpuMsPerMessage),
    loadCpuPercent: round(m.loadCpuPercent, 0),
    loadEventLoopP99Ms: round(m.loadEventLoopP99Ms),
    scheduleLagP99Ms: round(m.scheduleLagP99Ms),
    connectSeconds: round(m.connectMs / 1000, 1),
    users: m.users,
    chats: m.chats,
    rate: m.rate,
    via: m.via,
    seconds: round(m.measuredSeconds, 1),
    loadavg: os.loadavg()[0],
  });
  return exactlyOnce;
}

async function main(): Promise<number> {
  if (args.flag('list')) {
    listCases();
    return 0;
  }
  const selected = selectedCases();
  if (STORE !== 'sqlite' && STORE !== 'pg') throw new Error(`--store must be sqlite or pg, not ${STORE}`);
  if (PG && BASELINE) throw new Error('--store pg compares this build on the two stores: it takes no --baseline');
  const builds = PG ? storeBuilds() : [thisBuild(), ...(BASELINE ? [baselineBuild(BASELINE)] : [])];
  log(`Bilpartner benchmark: ${[...selected].join(', ')}; ${os.cpus().length} cores, load average ${loadavg()}`);
  const needsServer = [...selected].some((id) => id !== 'demo-seed' && id !== 'seed' && id !== 'socket-session');
  // Build what is stale, as `npm start` does, its output kept off stdout when that carries the JSON lines. The
  // baseline is only needed by the listing cases.
  if (needsServer) ensureBuilt(builds[0], JSON_OUT ? 2 : 1);
  if (BASELINE && LISTING_CASES.some((id) => id !== 'seed' && id !== 'bare' && selected.has(id))) ensureBuilt(builds[1], JSON_OUT ? 2 : 1);
  if (BASELINE && ['demo-seed', 'realtime', 'socket-session'].some((id) => selected.has(id))) log('demo-seed, realtime and socket-session measure this build only');
  if (PG && ['demo-seed', 'socket-session'].some((id) => selected.has(id))) log('demo-seed and socket-session measure SQLite only');
  if (selected.has('demo-seed')) await timeDemoSeed();
  if (LISTING_CASES.some((id) => selected.has(id))) {
    const measuring = LISTING_CASES.some((id) => id !== 'seed' && selected.has(id));
    log(
      measuring
        ? `Listing cases: ${LISTINGS} listings, ${CONNECTIONS} connections, ${RUNS} run(s) of ${DURATION} s per case and build (+${WARMUP} s warm-up), inputs drawn with --rng ${RNG_SEED}`
        : `Seed: ${LISTINGS} listings`,
    );
    await listingCases(selected, builds);
  }
  let ok = true;
  if (selected.has('realtime')) {
    const rt = await realtimeCase();
    ok = rt.exactlyOnce;
    if (!rt.exactlyOnce) missed.push('realtime: not exactly once');
  }
  if (selected.has('socket-session')) {
    const r = await runSocketSession();
    const f = (x: { median: number; min: number; max: number }, d = 1) => `${x.median.toFixed(d)} (${x.min.toFixed(d)}–${x.max.toFixed(d)})`;
    log(`socket-session: ${r.rounds} rounds, alternated; median (range)`);
    log(`  a call over the websocket (auth.me)  ${f(r.callUs)} µs`);
    log(`  the session read it makes            ${f(r.lookupUs, 2)} µs`);
    log(`  the read's share of the call         ${f({ median: r.share.median * 100, min: r.share.min * 100, max: r.share.max * 100 })} %`);
    emit({ case: 'socket-session', ...r, loadavg: os.loadavg()[0] });
  }
  if (CHECK) {
    const what = BASELINE || PG ? 'no errors, and no ratio past its threshold' : 'no errors (without --baseline or --store pg nothing is compared)';
    log(missed.length ? `--check: ${missed.length} failed:\n${missed.map((m) => `  ${m}`).join('\n')}` : `--check: ${what}`);
    return missed.length ? 1 : 0;
  }
  return ok ? 0 : 1;
}

/** Stops PostgreSQL and waits for it, so its folder goes too (cleanup() can only signal it). */
async function stopCluster() {
  await cluster?.stop();
  cluster = undefined;
}

main()
  .then(async (code) => {
    await stopCluster();
    cleanup();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err);
    // The servers' logs are in the temp folder cleanup() removes: their last lines say why one did not start.
    for (const f of fs.readdirSync(tmp).filter((n) => n.endsWith('.log'))) {
      console.error(`${f} (last lines):\n${fs.readFileSync(path.join(tmp, f), 'utf8').trimEnd().split('\n').slice(-12).join('\n')}`);
    }
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
    await stopCluster().catch(() => {});
    cleanup();
    process.exit(1);
  });
