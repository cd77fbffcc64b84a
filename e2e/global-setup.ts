// Runs once before the browser tests (vitest.e2e.config.ts) and builds what every test file then only reads: it checks
// Chromium, builds the client into a temp dir and the server bundle with scripts/build-server.mjs (the same esbuild
// bundle `npm start` runs, migrations path included) into dist/e2e-<id>/ (two levels below the repository root, to
// find db/migrations and node_modules, see scripts/build-server.mjs), and hands their paths to the files
// (`inject('clientBuild')`, `inject('serverBundle')`).
//
// It starts no server: each test file starts its own (e2e/support.ts) on its own copy of the client build, its own
// database, upload folder and fake upstreams, and stops it after the file, so no file can spoil what the next one uses.
// The client build is made read-only; a file never serves or changes it, it copies it.
// Everything is removed afterwards (E2E_KEEP=1 keeps it for a post-mortem), and a server a crashed file left running
// is ended (e2e/server-process.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { buildDigest, killLeftoverServers } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The client build of this run (read-only): copy it, never serve or change it in place. */
    clientBuild: string;
    /** Its buildDigest() when built: a copy that differs was made of a build some file changed. */
    clientBuildDigest: string;
    /** The server bundle of this run (dist/e2e-<id>/main.mjs), as `npm start` runs it. */
    serverBundle: string;
    /** Where a test file makes its own temp folder (database, uploads, client copy, server log). */
    runDir: string;
    /** Where each started server's pid is recorded, for the teardown to end what a crashed file left running. */
    pidDir: string;
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

/** Files 0444, folders 0555: a file that tries to change the shared build gets EACCES (unless it runs as root). */
function makeReadOnly(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) makeReadOnly(p);
    else fs.chmodSync(p, 0o444);
  }
  fs.chmodSync(dir, 0o555);
}

/** Undoes makeReadOnly's folders, so the teardown can remove them. */
function makeWritable(dir: string) {
  if (!fs.existsSync(dir)) return;
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) makeWritable(path.join(dir, entry.name));
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  await checkChromium();

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-e2e-'));
  const clientBuild = path.join(tmp, 'client');
  const runDir = path.join(tmp, 'files');
  const pidDir = path.join(tmp, 'pids');
  // Not dist/server: `npm start` and other test runs may use that bundle at the same time.
  const bundleDir = path.join(root, 'dist', `e2e-${path.basename(tmp).replace(/^bp-e2e-/, '')}`);
  const bundle = path.join(bundleDir, 'main.mjs');
  fs.mkdirSync(runDir);
  fs.mkdirSync(pidDir);

  const teardown = () => {
    const killed = killLeftoverServers(pidDir, bundle);
    if (killed.length) console.error(`[e2e] ended ${killed.length} server(s) a test file left running (pids ${killed.join(', ')})`);
    if (process.env.E2E_KEEP) console.log(`[e2e] kept ${tmp} (each file's folder, with its server log, under ${runDir}) and ${bundleDir}`);
    else {
      makeWritable(clientBuild);
      makeWritable(bundleDir);
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.rmSync(bundleDir, { recursive: true, force: true });
    }
  };

  let digest = '';
  try {
    buildClient(clientBuild);
    makeReadOnly(clientBuild);
    digest = buildDigest(clientBuild);
    buildServer(bundle);
    makeReadOnly(bundleDir);
  } catch (err) {
    teardown();
    throw err;
  }

  project.provide('clientBuild', clientBuild);
  project.provide('clientBuildDigest', digest);
  project.provide('serverBundle', bundle);
  project.provide('runDir', runDir);
  project.provide('pidDir', pidDir);
  console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)}s; each test file starts its own server (folders under ${runDir})`);

  return teardown;
}
