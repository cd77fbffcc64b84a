// Runs once before the browser tests (vitest.e2e.config.ts): checks Chromium, builds the client into a temp
// dir and the server bundle with scripts/build-server.mjs (the same esbuild bundle `npm start` runs, migrations
// path included), starts the fake upstreams and that bundle with plain node on a free port with a temp database,
// and hands its address to the tests (`inject('baseURL')`). The client, database, uploads and log live in one temp
// dir; the bundle in dist/e2e-<id>/ (it must sit two levels below the repository root to find db/migrations and
// node_modules, see scripts/build-server.mjs). Both are removed afterwards (E2E_KEEP=1 keeps them for a post-mortem).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { FAKE_VEHICLE_API_KEY, startFakeUpstreams } from './fake-upstreams';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { freePort } from '../src/server/testing/free-port';
import { startFlags } from '../scripts/lib/built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** Its SQLite file; tests open it with openDatabase (WAL allows a second connection). */
    dbPath: string;
    uploadDir: string;
    /** The fake registry/address service (GET <url>/__requests lists what the server asked it). */
    fakeUpstreamsURL: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


async function checkChromium() {
  const exe = chromiumPath();
  try {
    fs.accessSync(exe, fs.constants.X_OK);
  } catch {
    throw new Error(
      `\n\nBROWSER TESTS CANNOT RUN: no Chromium at ${exe}.\n` +
        `Install Debian's chromium (sudo apt-get install -y chromium; .ci/run does this) or point CHROMIUM_PATH at a\n` +
        `Chromium/Chrome binary. (\`npx playwright install\` needs the internet and is not used here.)\n`,
    );
  }
  // Launch once so a broken install fails here with one clear message instead of in every test.
  try {
    const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS, timeout: 30_000 });
    await browser.close();
  } catch (err) {
    throw new Error(`\n\nBROWSER TESTS CANNOT RUN: Chromium at ${exe} failed to start:\n${(err as Error).message}\n`);
  }
}

function buildClient(outDir: string) {
  const started = Date.now();
  // Never into dist/: other builds (npm start, other test runs) may use it at the same time.
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0 || !fs.existsSync(path.join(outDir, 'index.html'))) {
    throw new Error(`\n\nBROWSER TESTS: the client build failed (vite build --outDir ${outDir}):\n${r.stdout}\n${r.stderr}\n`);
  }
  console.log(`[e2e] client built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

function buildServer(outfile: string) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--outfile', outfile], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0 || !fs.existsSync(outfile)) {
    throw new Error(`\n\nBROWSER TESTS: the server build failed (scripts/build-server.mjs --outfile ${outfile}):\n${r.stdout}\n${r.stderr}\n`);
  }
  console.log(`[e2e] server bundle built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

async function waitUntilUp(baseURL: string, child: ChildProcess, log: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`\n\nBROWSER TESTS: the server exited with code ${child.exitCode} before answering:\n${log()}\n`);
    try {
      const res = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(2000) });
      const html = await res.text();
      if (res.ok && html.includes('id="root"')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`\n\nBROWSER TESTS: the server did not answer on ${baseURL} within ${timeoutMs / 1000}s:\n${log()}\n`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  await checkChromium();

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-e2e-'));
  const clientDir = path.join(tmp, 'client');
  const dbPath = path.join(tmp, 'db', 'bilpartner.db');
  const uploadDir = path.join(tmp, 'uploads');
  const serverLog = path.join(tmp, 'server.log');
  // Not dist/server: `npm start` and other test runs may use that bundle at the same time.
  const bundleDir = path.join(root, 'dist', `e2e-${path.basename(tmp).replace(/^bp-e2e-/, '')}`);
  const bundle = path.join(bundleDir, 'main.mjs');
  fs.mkdirSync(uploadDir, { recursive: true });

  let fake: Awaited<ReturnType<typeof startFakeUpstreams>> | undefined;
  let server: ChildProcess | undefined;
  let stopping = false;
  const teardown = async () => {
    stopping = true;
    if (server) await stop(server);
    if (fake) await fake.close();
    if (process.env.E2E_KEEP) console.log(`[e2e] kept ${tmp} (server log: ${serverLog}) and ${bundleDir}`);
    else {
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.rmSync(bundleDir, { recursive: true, force: true });
    }
  };

  try {
    buildClient(clientDir);
    buildServer(bundle);
    fake = await startFakeUpstreams();
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;

    // As `npm start` runs it (NODE_ENV=production: CSP on, proxy headers trusted from loopback), but on a temp
    // database without demo data. Vitest sets NODE_ENV=test in this process; it must not leak to the server.
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('VITEST') && k !== 'NODE_ENV') env[k] = v;
    Object.assign(env, {
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false', // plain http on 127.0.0.1
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: dbPath,
      UPLOAD_DIR: uploadDir,
      SEED_DEMO: 'false',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      CLIENT_DIR: clientDir,
      VEHICLE_API_URL: fake.vehicleUrl,
      VEHICLE_API_KEY: FAKE_VEHICLE_API_KEY,
      ADDRESS_API_URL: fake.addressUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    });

    // As `npm start` does (`node --enable-source-maps dist/server/main.mjs`), with node directly, not npx: killing
    // npx can leave the server running (docs/stack.md).
    const out = fs.openSync(serverLog, 'a');
    server = spawn(process.execPath, [...startFlags(), bundle], { cwd: root, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const log = () => fs.readFileSync(serverLog, 'utf8').split('\n').slice(-60).join('\n');
    await waitUntilUp(baseURL, server, log);
    // A server that dies mid-run should say so instead of failing every remaining test with ECONNREFUSED.
    server.once('exit', (code, signal) => {
      if (!stopping) console.error(`\n[e2e] THE SERVER EXITED (code ${code}, signal ${signal}) during the tests:\n${log()}\n`);
    });

    project.provide('baseURL', baseURL);
    project.provide('dbPath', dbPath);
    project.provide('uploadDir', uploadDir);
    project.provide('fakeUpstreamsURL', fake.url);
    console.log(`[e2e] server up at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)}s (db ${dbPath}, log ${serverLog})`);
  } catch (err) {
    await teardown();
    throw err;
  }

  return async () => {
    // Print what the server logged at warn and above, so a failing run shows the server side too.
    const text = fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8').trim() : '';
    if (text) console.log(`[e2e] server log (LOG_LEVEL=${process.env.E2E_LOG_LEVEL ?? 'warn'}):\n${text.split('\n').slice(-80).join('\n')}`);
    await teardown();
  };
}
