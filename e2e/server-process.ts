// The built server (the bundle e2e/global-setup.ts built once, started as `npm start` starts it) as a child process of
// ONE test file: e2e/support.ts starts one per file, e2e/service-worker.e2e.test.ts more (a deploy). Nothing a file
// starts outlives it (one test file must never break another):
//   - every server is registered here; support.ts's afterAll stops all of them, also the ones a timed-out test went on
//     to start in the background, and after that no new one starts;
//   - if the file's process dies without its afterAll (a crash, a kill), an exit handler kills them, and each server's
//     pid is written to the run's pid folder, where the global teardown finds and ends any that are left.
// A server counts as up only when it answers with a token written into its client folder just before it started: a
// stale server of the same file, or another program that took the port in the meantime, cannot pass for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFlags } from '../scripts/lib/built-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The file in a served client folder that names the server started on it (see waitUntilUp). */
export const SERVER_TOKEN_FILE = 'e2e-server-token.txt';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseURL: string;
  port: number;
  proc: ChildProcess;
  /** The last lines of its log. */
  log(lines?: number): string;
  /** SIGTERM, and SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** dist/e2e-<id>/main.mjs: global-setup's bundle (read-only; never written by a file). */
  bundle: string;
  port: number;
  /** The complete environment (DATABASE_PATH, UPLOAD_DIR, CLIENT_DIR, PORT, ...). CLIENT_DIR must be the file's own. */
  env: NodeJS.ProcessEnv;
  /** stdout and stderr of the server are appended here. */
  logFile: string;
  /** Where the pid is recorded for the global teardown (global-setup's `pidDir`). */
  pidDir: string;
  timeoutMs?: number;
}

const running = new Set<ChildProcess>();
let closed = false;

// The last resort when the file's process ends without its afterAll: no server of this file outlives the process.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the built server and resolves once it answers on `port` as itself. Throws (with its log) if it does not. */
export async function startServerProcess(o: ServerOptions): Promise<ServerProcess> {
  if (closed) throw new Error('this test file has finished: no new server starts (a timed-out test went on in the background)');
  const clientDir = o.env.CLIENT_DIR;
  if (!clientDir || !fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error(`no client build in CLIENT_DIR ${clientDir}`);
  const token = randomBytes(12).toString('hex');
  fs.writeFileSync(path.join(clientDir, SERVER_TOKEN_FILE), token);

  const out = fs.openSync(o.logFile, 'a');
  fs.writeSync(out, `\n--- start ${new Date().toISOString()} on port ${o.port}, client ${clientDir} ---\n`);
  // As `npm start` does (`node <flags> dist/server/main.mjs`), with node directly, not npx: killing npx can leave the
  // server running (docs/stack.md).
  const proc = spawn(process.execPath, [...startFlags(), o.bundle], { cwd: root, env: o.env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  running.add(proc);
  const pidFile = path.join(o.pidDir, String(proc.pid));
  fs.mkdirSync(o.pidDir, { recursive: true });
  fs.writeFileSync(pidFile, o.bundle);
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      running.delete(proc);
      fs.rmSync(pidFile, { force: true });
      resolve();
    }),
  );

  const log = (lines = 60) => (fs.existsSync(o.logFile) ? fs.readFileSync(o.logFile, 'utf8').split('\n').slice(-lines).join('\n') : '');
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    }
  };
  const baseURL = `http://127.0.0.1:${o.port}`;
  try {
    await waitUntilUp(baseURL, proc, token, o.timeoutMs ?? 60_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${log()}\n`);
  }
  return { baseURL, port: o.port, proc, log, stop };
}

async function waitUntilUp(baseURL: string, proc: ChildProcess, token: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`BROWSER TESTS: the server exited (code ${proc.exitCode}, signal ${proc.signalCode}) before answering on ${baseURL}:`);
    }
    try {
      const res = await fetch(`${baseURL}/${SERVER_TOKEN_FILE}`, { signal: AbortSignal.timeout(2000) });
      if ((await res.text()).trim() === token && proc.exitCode === null) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`BROWSER TESTS: the server did not answer on ${baseURL} within ${timeoutMs / 1000}s:`);
}

/** Stops every server this file started, and lets no new one start. support.ts's afterAll calls it. */
export async function stopAllServerProcesses() {
  closed = true;
  await Promise.all(
    [...running].map(
      (proc) =>
        new Promise<void>((resolve) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
          const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
          proc.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          proc.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * The global teardown's sweep: ends every server whose pid is still recorded in `pidDir` (its file's process died
 * before stopping it), if that pid still runs `bundle` (a pid the system has since given to another program is left
 * alone). Returns the pids it ended.
 */
export function killLeftoverServers(pidDir: string, bundle: string): number[] {
  if (!fs.existsSync(pidDir)) return [];
  const killed: number[] = [];
  for (const name of fs.readdirSync(pidDir)) {
    const pid = Number(name);
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // gone
    }
    if (cmdline.split('\0').includes(bundle)) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.push(pid);
      } catch {
        // exited meanwhile
      }
    }
    fs.rmSync(path.join(pidDir, name), { force: true });
  }
  return killed;
}

/**
 * Copies a client build (global-setup's read-only one) into `dest` as ordinary writable files: the copy is the file's
 * own, to serve and, if a test needs to, to change.
 */
export function copyClientBuild(src: string, dest: string) {
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = path.join(dest, entry.name);
    if (entry.isDirectory()) copyClientBuild(from, to);
    else {
      fs.copyFileSync(from, to);
      fs.chmodSync(to, 0o644);
    }
  }
}

/** A digest of a client build's files (paths and contents), to tell a copy from the build it was made of. */
export function buildDigest(dir: string): string {
  const hash = createHash('sha256');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f !== SERVER_TOKEN_FILE && fs.statSync(path.join(dir, f)).isFile())
    .sort();
  for (const f of files) hash.update(`${f}\0`).update(fs.readFileSync(path.join(dir, f))).update('\0');
  return `${files.length} files, sha256 ${hash.digest('hex')}`;
}
