// npm run bench:store -- --baseline <checkout>: what a repository call costs on SQLite, this build's store against
// another checkout's, in one process. Each round opens a fresh SQLite file (WAL, as the server does) for each side and
// runs, alternately A B A B, a transactional write (a notification inserted under the store's transaction) and a plain
// read (a user's newest notifications), first one call at a time and then 50 at once (the gate queues them on this
// build). Reports calls/s per side as the median (min–max) of the rounds, and this/baseline of each round.
// docs/benchmarks.md "SQLite transactions" has the figures; docs/decisions/023-one-store.md the choice they informed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from '../scripts/lib/built-server';

interface Side {
  name: string;
  open: (file: string) => Promise<{ insert: () => Promise<unknown>; read: () => Promise<unknown>; close: () => Promise<void> }>;
}

async function sideOf(name: string, checkout: string): Promise<Side> {
  const client = await import(pathToFileURL(path.join(checkout, 'db/client.ts')).href);
  const store = await import(pathToFileURL(path.join(checkout, 'src/server/store/index.ts')).href);
  const schema = await import(pathToFileURL(path.join(checkout, 'db/schema/index.ts')).href);
  return {
    name,
    async open(file) {
      const db = client.openDatabase(file);
      const s = store.createSqliteStore(db);
      const [user] = db.insert(schema.users).values({ username: 'kari', passwordHash: 'x', name: 'Kari', email: 'kari@example.no', uniqueId: 'BP-K1' }).returning().all();
      const n = { type: 'inquiry', title: 'Ny henvendelse', message: 'Noen er interessert i bilen din' };
      return { insert: () => s.notifications.insert(user.id, n), read: () => s.notifications.list(user.id, 20), close: () => s.close() };
    },
  };
}

async function rate(calls: number, concurrency: number, call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < calls; done += concurrency) await Promise.all(Array.from({ length: concurrency }, call));
  return calls / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: number[]) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const baseline = args.str('baseline');
  if (!baseline) throw new Error('--baseline <checkout> is required');
  const rounds = args.num('runs', 5);
  const sides = [await sideOf('this', path.resolve('.')), await sideOf('baseline', path.resolve(baseline))];
  const cases = [
    { name: 'transactional write, 1 at a time', concurrency: 1, pick: (o: Awaited<ReturnType<Side['open']>>) => o.insert },
    { name: 'transactional write, 50 at once', concurrency: 50, pick: (o: Awaited<ReturnType<Side['open']>>) => o.insert },
    { name: 'read, 1 at a time', concurrency: 1, pick: (o: Awaited<ReturnType<Side['open']>>) => o.read },
    { name: 'read, 50 at once', concurrency: 50, pick: (o: Awaited<ReturnType<Side['open']>>) => o.read },
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-store-calls-'));
  for (const c of cases) {
    const ratios: number[] = [];
    const perSide: Record<string, number[]> = { this: [], baseline: [] };
    for (let round = 0; round < rounds; round++) {
      const r: Record<string, number> = {};
      for (const side of sides) {
        const opened = await side.open(path.join(dir, `${side.name}-${round}-${c.concurrency}-${c.name.length}.db`));
        await rate(2000, c.concurrency, c.pick(opened)); // warm-up
        r[side.name] = await rate(10_000, c.concurrency, c.pick(opened));
        perSide[side.name].push(r[side.name]);
        await opened.close();
      }
      ratios.push(r.this / r.baseline);
    }
    console.log(`${c.name}: this ${fmt(perSide.this.map((x) => x / 1000))}k/s, baseline ${fmt(perSide.baseline.map((x) => x / 1000))}k/s, this/baseline ${fmt(ratios)}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
