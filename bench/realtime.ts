// The realtime case of `npm run bench` (docs/product/realtime.md): many logged-in users with /chats open, and
// messages pushed to both participants of a chat the moment they are stored.
//
// Seeds a fresh SQLite file: `users` accounts with a session each (rows written directly, as the tests' harness does,
// no argon2 or login round trip), half of them sellers with one approved, active listing, and two chats per user
// (buyer i writes to seller i and seller i+1 through the chats service, so each chat has its first message and the
// seller their notification). Starts the BUILT server on it (scripts/lib/built-server.ts), forks the load generator
// (bench/realtime-load.ts) onto the other core, and samples the server's RSS and CPU while it runs.
// With `instances: 2` and a `database` (--store pg: the file's rows in PostgreSQL), two servers share that database:
// the sockets subscribe on the second, the messages are sent to the first, and RSS and CPU are the two together.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { closeDatabase, openDatabase } from '../db/client';
import { listings, sessions, users, type NewUser } from '../db/schema';
import { generateSessionToken, SESSION_COOKIE, SESSION_TTL_MS, sessionIdFromToken } from '../src/server/auth/session';
import { InProcessHub } from '../src/server/realtime/hub';
import { startChat } from '../src/server/services/chats';
import { createSqliteStore } from '../src/server/store';
import { generateListing, insertListingImage, rng } from '../src/server/testing/listing-factory';
import { freePort, startServer, stopServer, type RunningServer } from '../scripts/lib/built-server';
import { summarizeCpuProfile } from './cpu-profile';
import type { ChildMessage, LoadConfig, LoadResult, ParentMessage } from './realtime-load';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface RealtimeOptions {
  users: number;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  via: 'trpc' | 'rest';
  /** Record a V8 CPU profile of the server over the measured window and print where its time went. */
  profile: boolean;
  keep: boolean;
  log: (line: string) => void;
  /** Registers what must happen if the bench is interrupted (Ctrl-C): the server and the load generator killed. */
  onInterrupt: (stop: () => void) => void;
  /** Servers on the one database (default 1); the profile is the first's. */
  instances?: number;
  /** Readies the servers' database from the seeded SQLite file; answers their extra environment (DATABASE_URL). */
  database?: (seededFile: string) => Promise<Record<string, string>>;
}

export interface RealtimeResult extends LoadResult {
  instances: number;
  users: number;
  chats: number;
  rate: number;
  via: string;
  rssIdleMB: number;
  rssConnectedMB: number;
  rssMB: number;
  rssPeakMB: number;
  serverCpuPercent: number;
  /** Server CPU time (user + system) per message sent, over the whole run. */
  serverCpuMsPerMessage: number;
  profile?: string;
  profileFile?: string;
}

const FIRST = ['Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Anne', 'Jonas', 'Sofie', 'Erik', 'Nora', 'Håkon', 'Åse', 'Øystein', 'Marte'];
const LAST = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Berg', 'Haugen', 'Bakken', 'Sæther'];
const OPENERS = ['Hei! Er bilen fortsatt til salgs?', 'Hei, kan jeg komme på visning denne uka?', 'Hei! Hva er laveste pris?'];

/** Users with sessions, listings and chats; answers what the load generator needs. */
export async function seedRealtime(file: string, count: number): Promise<Pick<LoadConfig, 'users' | 'chats'>> {
  if (count < 4) throw new Error('--users must be at least 4');
  const db = openDatabase(file);
  try {
    // A throwaway file: no fsync per commit.
    db.$client.pragma('synchronous = OFF');
    const r = rng(2026);
    const now = Date.now();
    const made = db.transaction((tx) =>
      tx
        .insert(users)
        .values(
          Array.from({ length: count }, (_, i): NewUser => {
            const name = `${r.pick(FIRST)} ${r.pick(LAST)}`;
            return {
              username: `sanntid${i}`,
              // Never used to log in: the sessions below are made directly.
              passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bench$bench',
              name,
              displayName: i % 3 === 0 ? name.split(' ')[0] : null,
              email: `sanntid${i}@example.no`,
              phone: `9${String(1_000_000 + ((i * 7919) % 8_999_999))}`,
              address: 'Storgata 1, 0155 OSLO',
              uniqueId: `BP-S${i.toString(36).toUpperCase().padStart(5, '0')}`,
            };
          }),
        )
        .returning({ id: users.id })
        .all()
        .map((u) => u.id),
    );
    const cookies = made.map((id) => {
      const token = generateSessionToken();
      db.insert(sessions).values({ id: sessionIdFromToken(token), userId: id, expiresAt: new Date(Date.now() + SESSION_TTL_MS) }).run();
      return { id, cookie: `${SESSION_COOKIE}=${token}` };
    });
    const buyers = made.slice(0, Math.floor(count / 2));
    const sellers = made.slice(buyers.length);
    const listingOf: number[] = [];
    for (const [i, sellerId] of sellers.entries()) {
      const listing = db.insert(listings).values(generateListing(r, sellerId, i, now)).returning({ id: listings.id }).get();
      await insertListingImage(db, listing.id, 0);
      listingOf.push(listing.id);
    }
    const hub = new InProcessHub();
    const chats: LoadConfig['chats'] = [];
    const store = createSqliteStore(db, false);
    for (const [i, buyerId] of buyers.entries()) {
      for (const j of [i % sellers.length, (i + 1) % sellers.length]) {
        const sellerId = sellers[j];
        const { chatId } = await startChat(store, hub, buyerId, { listingId: listingOf[j], sellerId, message: OPENERS[(i + j) % OPENERS.length] });
        chats.push({ id: chatId, buyerId, sellerId });
      }
    }
    hub.close();
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    return { users: cookies, chats };
  } finally {
    closeDatabase(db);
  }
}

function procStatus(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: kb('VmRSS') / 1024, hwmMB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMB: NaN, hwmMB: NaN };
  }
}

/** CPU seconds (user + system) the process has used; /proc/<pid>/stat counts in clock ticks of 1/100 s. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The memory, event-loop and GC notes bench/server-profiler.mjs wrote, in words. */
function describeServerNotes(jsonl: string): string {
  const mb = (v: unknown) => `${Number(v).toFixed(0)} MB`;
  const ms = (v: unknown) => `${Number(v).toFixed(1)} ms`;
  return jsonl
    .trim()
    .split('\n')
    .map((line) => {
      const n = JSON.parse(line) as Record<string, unknown> & { gc?: Record<string, { count: number; totalMs: number; maxMs: number }> };
      if (n.at === 'loop') {
        const gc = Object.entries(n.gc ?? {})
          .map(([kind, g]) => `${g.count} ${kind} (${ms(g.totalMs)} in all, longest ${ms(g.maxMs)})`)
          .join(', ');
        return `  Server event loop while measured: delay p50 ${ms(n.eventLoopDelayP50Ms)}, p99 ${ms(n.eventLoopDelayP99Ms)}, max ${ms(n.eventLoopDelayMaxMs)}; GC pauses: ${gc || 'none'}; ${String(n.gcPausesOver10Ms)} over 10 ms`;
      }
      return `  Server memory when measuring ${n.at === 'start' ? 'starts' : 'ends'}: RSS ${mb(n.rssMB)}, V8 heap ${mb(n.heapUsedMB)} used of ${mb(n.heapTotalMB)}, external ${mb(n.externalMB)} (array buffers ${mb(n.arrayBuffersMB)})`;
    })
    .join('\n');
}

export async function runRealtime(o: RealtimeOptions): Promise<RealtimeResult> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-realtime-'));
  const dbPath = path.join(tmp, 'realtime.db');
  const logFile = path.join(tmp, 'server.log');
  const profileFile = path.join(tmp, 'server.cpuprofile');
  const servers: RunningServer[] = [];
  let child: ReturnType<typeof fork> | undefined;
  const stop = () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    for (const server of servers) if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
  };
  const removeTmp = () => {
    if (!o.keep && !o.profile) fs.rmSync(tmp, { recursive: true, force: true });
  };
  o.onInterrupt(() => {
    stop();
    removeTmp();
  });
  try {
    const seedStarted = performance.now();
    const seeded = await seedRealtime(dbPath, o.users);
    o.log(`  realtime: seeded ${seeded.users.length} users with sessions, ${seeded.chats.length} chats in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const env = (await o.database?.(dbPath)) ?? {};
    for (let i = 0; i < (o.instances ?? 1); i++) {
      const profiled = o.profile && i === 0;
      servers.push(
        await startServer({
          dbPath,
          uploadDir: path.join(tmp, 'uploads'),
          port: await freePort(),
          seedDemo: false,
          logFile,
          env: profiled ? { ...env, NODE_OPTIONS: `--import=${pathToFileURL(path.join(here, 'server-profiler.mjs')).href}`, BENCH_CPU_PROFILE: profileFile } : env,
        }),
      );
    }
    const pid = servers[0].pid;
    const sum = (f: (pid: number) => number) => servers.reduce((n, s) => n + f(s.pid), 0);
    const rssIdleMB = sum((p) => procStatus(p).rssMB);

    child = fork(path.join(here, 'realtime-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const inbox: ChildMessage[] = [];
    let wake: (() => void) | undefined;
    let exited = false;
    child.on('message', (m: ChildMessage) => {
      inbox.push(m);
      wake?.();
    });
    child.on('exit', () => {
      exited = true;
      wake?.();
    });
    const nextMessage = async <T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> => {
      for (;;) {
        const m = inbox.shift();
        if (m?.type === 'error') throw new Error(`load generator: ${m.message}`);
        if (m?.type === type) return m as Extract<ChildMessage, { type: T }>;
        if (m) continue;
        if (exited) throw new Error(`load generator exited before '${type}'`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
    };
    const tell = (m: ParentMessage) => child!.send(m);

    const config: LoadConfig = {
      base: servers[0].base,
      subscribeBase: servers[servers.length - 1].base,
      ...seeded,
      rate: o.rate,
      warmupSeconds: o.warmupSeconds,
      seconds: o.seconds,
      via: o.via,
      drainMs: 5_000,
    };
    tell({ type: 'setup', config });
    const connected = await nextMessage('connected');
    // Let the sockets' set-up garbage be collected before the idle figure.
    await new Promise((r) => setTimeout(r, 500));
    const rssConnectedMB = sum((p) => procStatus(p).rssMB);
    const where = servers.length > 1 ? ` on instance ${servers.length} of ${servers.length} (messages sent to instance 1)` : '';
    o.log(`  realtime: ${connected.connected} websockets open${where}, 2 subscriptions each, in ${(connected.ms / 1000).toFixed(1)} s; server RSS ${rssIdleMB.toFixed(0)} MB idle, ${rssConnectedMB.toFixed(0)} MB connected`);
    o.log(`  realtime: ${o.rate} messages/s (${(o.rate / seeded.users.length).toFixed(2)} per user) over ${o.via === 'trpc' ? 'POST /trpc/chats.send' : 'POST /api/messages'}, ${o.warmupSeconds} s warm-up + ${o.seconds} s measured ...`);

    let peak = rssConnectedMB;
    const sampler = setInterval(() => (peak = Math.max(peak, sum((p) => procStatus(p).rssMB))), 250);
    const cpuBeforeRun = sum(cpuSeconds);
    tell({ type: 'run' });
    await nextMessage('measure-start');
    if (o.profile) process.kill(pid, 'SIGUSR2');
    const cpu0 = sum(cpuSeconds);
    const wall0 = performance.now();
    await nextMessage('measure-end');
    const serverCpuPercent = ((sum(cpuSeconds) - cpu0) / ((performance.now() - wall0) / 1000)) * 100;
    const rssMB = sum((p) => procStatus(p).rssMB);
    if (o.profile) process.kill(pid, 'SIGUSR2');
    const { result } = await nextMessage('result');
    // All of the run's work (warm-up, measured window, drain) per message sent: comparable between runs even when
    // other processes take CPU from the server.
    const serverCpuMsPerMessage = ((sum(cpuSeconds) - cpuBeforeRun) * 1000) / Math.max(1, result.sent);
    clearInterval(sampler);
    peak = Math.max(peak, sum((p) => procStatus(p).rssMB));

    const out: RealtimeResult = {
      ...result,
      instances: servers.length,
      users: seeded.users.length,
      chats: seeded.chats.length,
      rate: o.rate,
      via: o.via,
      rssIdleMB,
      rssConnectedMB,
      rssMB,
      rssPeakMB: peak,
      serverCpuPercent,
      serverCpuMsPerMessage,
    };
    if (o.profile) {
      for (let waited = 0; !fs.existsSync(profileFile) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      out.profileFile = profileFile;
      out.profile = fs.existsSync(profileFile) ? summarizeCpuProfile(profileFile) : '  (the server wrote no CPU profile)';
      const memoryFile = `${profileFile}.memory.jsonl`;
      if (fs.existsSync(memoryFile)) out.profile += `\n${describeServerNotes(fs.readFileSync(memoryFile, 'utf8'))}`;
    }
    await Promise.all(servers.map((s) => stopServer(s)));
    return out;
  } finally {
    stop();
    removeTmp();
    if (o.keep || o.profile) o.log(`  realtime: kept ${tmp}`);
  }
}
