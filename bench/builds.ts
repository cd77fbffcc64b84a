// The builds a benchmark run measures: this checkout's, and with `--baseline <dir>` another checkout's (bench/run.ts);
// with `--store pg`, this checkout's twice, on PostgreSQL and on SQLite. Each build runs its own dist/server/main.mjs
// with its own `npm start` flags, from its own folder, on its own copy of the seeded database, which its migrations
// bring up to its schema at start.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, startServer, type RunningServer, type ServerOptions } from '../scripts/lib/built-server';

export interface Build {
  /** 'this' and 'baseline', or 'pg' and 'sqlite': what the tables and the JSON call it. */
  label: string;
  root: string;
  /** The checkout's commit and subject, for the header. */
  commit: string;
  /** Its server's own environment: the PostgreSQL build's DATABASE_URL, once its database is loaded. */
  env?: Record<string, string>;
}

function describe(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
  } catch {
    return '(not a git checkout)';
  }
}

export function thisBuild(): Build {
  return { label: 'this', root, commit: describe(root) };
}

/** --store pg: this build on PostgreSQL against this build on SQLite, in that order (the ratios are pg/sqlite). */
export function storeBuilds(): Build[] {
  const commit = describe(root);
  return [
    { label: 'pg', root, commit, env: {} },
    { label: 'sqlite', root, commit },
  ];
}

/** The baseline checkout: it must hold a package.json and a server bundle, or be able to build one. */
export function baselineBuild(dir: string): Build {
  const at = path.resolve(dir);
  if (!fs.existsSync(path.join(at, 'package.json'))) throw new Error(`--baseline ${dir}: no package.json there; name a checkout of this project`);
  if (at === root) throw new Error('--baseline names this checkout; name another one');
  return { label: 'baseline', root: at, commit: describe(at) };
}

/** Builds what is stale, as `npm start` does; a checkout without scripts/ensure-build.mjs is built when it has no bundle. */
export function ensureBuilt(b: Build, stdout: 1 | 2) {
  const ensure = path.join(b.root, 'scripts/ensure-build.mjs');
  const stdio: ['ignore', 1 | 2, 2] = ['ignore', stdout, 2];
  if (fs.existsSync(ensure)) execFileSync(process.execPath, [ensure], { cwd: b.root, stdio });
  else if (!fs.existsSync(path.join(b.root, 'dist/server/main.mjs'))) execFileSync('npm', ['run', 'build'], { cwd: b.root, stdio });
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journalOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

/**
 * A migrations folder holding the migrations every build shares (the same tag and SQL, from the first on), so the
 * seeded file is one each build can open: each then migrates its own copy on to its schema. With one build, its own.
 */
export function commonMigrations(builds: Build[], into: string): { folder: string; count: number; last: string } {
  const [first, ...rest] = builds;
  const entries = journalOf(first.root);
  const sqlOf = (dir: string, tag: string) => {
    const file = path.join(dir, 'db/migrations', `${tag}.sql`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  let count = 0;
  while (
    count < entries.length &&
    rest.every((b) => {
      const other = journalOf(b.root)[count];
      return other?.tag === entries[count].tag && other.when === entries[count].when && sqlOf(b.root, other.tag) === sqlOf(first.root, other.tag);
    })
  ) {
    count++;
  }
  if (count === 0) throw new Error('the builds share no migration: their databases cannot be compared');
  const folder = path.join(into, 'migrations');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const shared = entries.slice(0, count);
  for (const e of shared) fs.copyFileSync(path.join(first.root, 'db/migrations', `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  const journal = JSON.parse(fs.readFileSync(path.join(first.root, 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: shared }, null, 2));
  return { folder, count, last: shared[count - 1].tag };
}

/** The seeded file copied under a name (a build's server migrates and writes its copy, never the seeded file). */
export function copyDatabase(seeded: string, name: string, dir: string): string {
  const copy = path.join(dir, `${name}.db`);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(copy + suffix, { force: true });
  fs.copyFileSync(seeded, copy, fs.constants.COPYFILE_FICLONE);
  return copy;
}

/** Starts the build's own server bundle with its own `npm start` flags; resolves once GET /api/listings answers 200. */
export const startBuild = (b: Build, o: ServerOptions, timeoutMs = 120_000): Promise<RunningServer> =>
  startServer({ ...o, env: { ...o.env, ...b.env } }, timeoutMs, b.root);
