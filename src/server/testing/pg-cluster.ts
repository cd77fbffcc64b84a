import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

// A throwaway PostgreSQL cluster for the tests, the benchmark and the demo cluster: initdb in a temp directory,
// fsync off, listening on a free loopback port. PostgreSQL refuses to run as root, so as root the cluster belongs to
// the `postgres` user that Debian's package creates.

export interface PgCluster {
  /** postgres://…/postgres: the maintenance database, to create others from. */
  adminUrl: string;
  /** The database over loopback TCP. */
  urlOf(database: string): string;
  /**
   * The same database over the cluster's Unix socket (its directory is the URL's `host`): how a server on the same
   * machine as PostgreSQL connects, with less kernel work per query than TCP.
   */
  socketUrlOf(database: string): string;
  stop(): Promise<void>;
}

export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) return fromEnv;
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!dir) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN_DIR)');
  return dir;
}

const asRoot = process.getuid?.() === 0;
function asOwner(cmd: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

export async function startPgCluster(options: { port?: number } = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const init = spawnSync(...asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']), {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = options.port ?? (await freePort());
  const server = spawn(
    ...asOwner(path.join(bin, 'postgres'), [
      '-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir,
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
      '-c', 'max_connections=300', '-c', 'shared_buffers=64MB',
    ]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr!.on('data', (d: Buffer) => void (log = (log + d.toString()).slice(-4000)));
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    adminUrl,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrlOf: (database) => `postgres://postgres@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        // Fast shutdown (SIGINT) sent to the postmaster itself: runuser, in between as root, does not pass it on.
        const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        try {
          process.kill(pid, 'SIGINT');
        } catch {
          server.kill('SIGINT');
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on the maintenance database (CREATE/DROP DATABASE cannot run in a transaction or a pool). */
export async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
