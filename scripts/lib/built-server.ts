// Shared by the scripts (crash, soak, bench, audit, measure:wire) and the service-worker browser test: run the BUILT
// server (dist/server/main.mjs, as `npm start` does) as a child process on a given database and upload folder, talk
// to it over HTTP, and read its RSS.
// Nothing here imports the server's sources: the scripts see the product only through its HTTP API and its files.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export { freePort } from '../../src/server/testing/free-port';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The node flags of `npm start` (package.json "start": source maps, the heap cap of docs/operations.md "Memory"), so a
 * script runs the server exactly as production does. A flag named in SERVER_NODE_OPTIONS replaces the start script's
 * own (`SERVER_NODE_OPTIONS=--max-old-space-size=4096` measures without the cap).
 */
export function startFlags(checkout = root): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = start.split(/\s+/u).filter((w) => w.startsWith('--'));
  const overridden = new Set((process.env.SERVER_NODE_OPTIONS ?? '').split(/\s+/u).map((w) => w.split('=')[0]));
  return flags.filter((f) => !overridden.has(f.split('=')[0]));
}

/** Builds client and server if missing or older than their sources (the same check `npm start` runs). */
export function ensureBuild() {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
}


export interface ServerOptions {
  dbPath: string;
  uploadDir: string;
  port: number;
  seedDemo: boolean;
  /** Appended to (stdout and stderr of every start go to the same file). */
  logFile: string;
  logLevel?: string;
  env?: Record<string, string>;
}

export interface RunningServer {
  proc: ChildProcess;
  pid: number;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The environment a script starts the built server with: production, on loopback, its own database and uploads, no
 * outside services, and only PATH and HOME of the caller's environment (so a test runner's variables stay out).
 */
export function builtServerEnv(o: Omit<ServerOptions, 'logFile'>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATABASE_PATH: o.dbPath,
    UPLOAD_DIR: o.uploadDir,
    SEED_DEMO: String(o.seedDemo),
    LOG_LEVEL: o.logLevel ?? 'warn',
    // No outside services: the scripts never look up a registration number or an address, and a stray call must
    // fail fast instead of waiting on the internet.
    VEHICLE_API_URL: 'http://127.0.0.1:9/kjoretoydata',
    ADDRESS_API_URL: 'http://127.0.0.1:9/sok',
    // Node flags for the server alone (e.g. SERVER_NODE_OPTIONS=--max-semi-space-size=4), not for the script itself;
    // added to the start script's own (startFlags).
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    ...o.env,
  };
}

/**
 * Starts `node dist/server/main.mjs` and resolves once GET /api/listings answers 200. `checkout` runs another
 * checkout's build with its own start flags (the benchmark's baseline, bench/builds.ts).
 */
export async function startServer(o: ServerOptions, timeoutMs = 30_000, checkout = root): Promise<RunningServer> {
  const log = fs.openSync(o.logFile, 'a');
  fs.writeSync(log, `\n--- start ${new Date().toISOString()} ---\n`);
  const proc = spawn(process.execPath, [...startFlags(checkout), path.join(checkout, 'dist/server/main.mjs')], {
    cwd: checkout,
    stdio: ['ignore', log, log],
    env: builtServerEnv(o),
  });
  fs.closeSync(log);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    try {
      const res = await fetch(`${base}/api/listings?limit=1`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return { proc, pid: proc.pid!, base, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server of ${checkout} did not become ready within ${timeoutMs} ms; see ${o.logFile}`);
    }
    await sleep(50);
  }
  throw new Error(`the server of ${checkout} exited during start-up; see ${o.logFile}`);
}

export async function stopServer(s: RunningServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill(signal);
  return s.exited;
}

/**
 * A proof script's temp folder (database, uploads, server log) and its clean-up, also on Ctrl-C: the server it started
 * (`running()`) is killed and the folder removed unless `keep`.
 */
export function scratchFolder(prefix: string, keep: boolean, running: () => RunningServer | null) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `bp-${prefix}-`));
  const cleanup = () => {
    const server = running();
    if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const file = (name: string) => path.join(tmp, name);
  return { tmp, dbPath: file('bilpartner.db'), uploadDir: file('uploads'), logFile: file('server.log'), cleanup };
}

/**
 * Runs a proof script's main(): exits with its code after cleanup(); on a crash prints the error and the end of the
 * server's log, cleans up and exits 1.
 */
export function runMain(main: () => Promise<number>, o: { cleanup: () => void; logFile: string }) {
  main()
    .then((code) => {
      o.cleanup();
      process.exit(code);
    })
    .catch((err: unknown) => {
      console.error(err);
      if (fs.existsSync(o.logFile)) console.error(`server log (last lines):\n${fs.readFileSync(o.logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
      o.cleanup();
      process.exit(1);
    });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resident set size of a process in KiB (VmRSS of /proc/<pid>/status); null once it is gone. */
export function rssKiB(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

// The scripts read ad-hoc JSON answers of the running server; a caller that wants a checked shape passes T.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One JSON call. `ip` becomes X-Forwarded-For: the server trusts it from loopback in production mode, so each
 * virtual client gets its own rate-limit budget. Network errors (a killed server) reject.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ApiResult above
export async function api<T = any>(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; cookie?: string; ip?: string; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** The session cookie (name=value) from a login/register answer. */
export function sessionCookieOf(res: ApiResult): string {
  const set = res.headers.getSetCookie?.() ?? [];
  const first = set.map((c) => c.split(';')[0]).find((c) => c.includes('='));
  if (!first) throw new Error(`no session cookie in answer ${res.status}`);
  return first;
}

/** A distinct, stable client address per number (10.x.y.z), for X-Forwarded-For. */
export const clientIp = (n: number) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

// --- realistic data ---------------------------------------------------------------------------------------

const FIRST = ['Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Anne', 'Jonas', 'Sofie', 'Erik', 'Nora', 'Håkon', 'Åse', 'Øystein', 'Marte'];
const LAST = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Berg', 'Haugen', 'Bakken', 'Sæther'];
const ADDRESSES = [
  'Storgata 12, 0155 OSLO',
  'Kongens gate 4, 7011 TRONDHEIM',
  'Bryggen 3, 5003 BERGEN',
  'Kirkegata 20, 4006 STAVANGER',
  'Storgata 55, 9008 TROMSØ',
  'Dronningens gate 8, 3211 SANDEFJORD',
  'Markens gate 30, 4611 KRISTIANSAND S',
];
export const CARS = [
  { make: 'Tesla', model: 'Model Y', bodyType: 'suv', fuelType: 'el', drivetrain: 'firehjulsdrift', base: 500_000 },
  { make: 'Volkswagen', model: 'Golf', bodyType: 'kombi', fuelType: 'bensin', drivetrain: 'forhjulsdrift', base: 380_000 },
  { make: 'Toyota', model: 'RAV4', bodyType: 'suv', fuelType: 'hybrid', drivetrain: 'firehjulsdrift', base: 560_000 },
  { make: 'Volvo', model: 'V60', bodyType: 'stasjonsvogn', fuelType: 'diesel', drivetrain: 'forhjulsdrift', base: 550_000 },
  { make: 'BMW', model: 'i3', bodyType: 'kombi', fuelType: 'el', drivetrain: 'bakhjulsdrift', base: 330_000 },
  { make: 'Audi', model: 'Q5', bodyType: 'suv', fuelType: 'plugin_hybrid', drivetrain: 'firehjulsdrift', base: 750_000 },
  { make: 'Skoda', model: 'Octavia', bodyType: 'stasjonsvogn', fuelType: 'diesel', drivetrain: 'forhjulsdrift', base: 420_000 },
] as const;

const pick = <T>(list: readonly T[], n: number) => list[Math.abs(n) % list.length];

/** A register body for user number n under a run tag (usernames stay unique across runs on the same file). */
export function userBody(tag: string, n: number) {
  const first = pick(FIRST, n);
  const last = pick(LAST, n * 7 + 3);
  return {
    username: `${tag}_${n}`,
    password: 'hemmelig123',
    name: `${first} ${last}`,
    email: `${tag}.${n}@example.no`,
    phone: `9${String(1000000 + ((n * 7919) % 8999999)).padStart(7, '0')}`,
    address: pick(ADDRESSES, n),
  };
}

/** A valid POST /api/listings body (the fields of src/shared/schemas/listing.ts), varied by n. */
export function listingBody(n: number, images: string[] = []) {
  const car = pick(CARS, n);
  const year = 2008 + (n % 17);
  const mileage = Math.max(0, (2026 - year) * 14_000 + ((n * 3571) % 20_000));
  const price = Math.max(20_000, Math.round((car.base * Math.pow(0.86, 2026 - year)) / 1000) * 1000 + (n % 50) * 1000);
  return {
    registrationNumber: `${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + ((n >> 3) % 26))} ${String(10000 + ((n * 37) % 89999))}`,
    make: car.make,
    model: car.model,
    year,
    bodyType: car.bodyType,
    fuelType: car.fuelType,
    transmission: n % 5 === 0 ? 'manuell' : 'automat',
    drivetrain: car.drivetrain,
    mileage,
    power: 100 + (n % 250),
    color: pick(['Hvit', 'Svart', 'Grå', 'Blå', 'Rød', 'Sølv'], n),
    description: `Pent brukt ${car.make} ${car.model} fra ${year}. Service fulgt, nye vinterdekk. (#${n})`,
    price,
    registrationFee: 2500 + (n % 4) * 1000,
    equipment: n % 2 ? ['Varmepumpe', 'Hengerfeste elektrisk', 'Fulgt servicehåndbok'] : ['Fulgt servicehåndbok'],
    address: pick(ADDRESSES, n),
    images,
  };
}

/** A small, real JPEG as a data URL (the photo a phone would send, only smaller). */
export async function sampleJpegDataUrl(width = 640, height = 480, hue = 200): Promise<string> {
  const { default: sharp } = await import('sharp');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${hue + 120},50%,25%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const buf = await sharp(svg).jpeg({ quality: 85 }).toBuffer();
  return `data:image/jpeg;base64,${buf.toString('base64')}`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function parseArgs(argv: string[]) {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=', 2);
    if (v !== undefined) values.set(k, v);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) values.set(k, argv[++i]);
    else flags.add(k);
  }
  return {
    flag: (name: string) => flags.has(name),
    num: (name: string, fallback: number) => (values.has(name) ? Number(values.get(name)) : fallback),
    str: (name: string) => values.get(name),
  };
}
