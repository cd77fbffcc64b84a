// What a browser receives over the wire (docs/decisions/010-compression-and-bundle.md): builds the client and the
// server bundle from the current sources (into temp folders, never dist/client or dist/server, which `npm start` and
// other runs may be using), starts the built server as `npm start` runs it (NODE_ENV=production) on a temp database
// with the demo listings, opens each page logged out in a fresh headless Chromium context (Debian's chromium via
// playwright-core, as the browser tests; no cache, no service worker) and sums what arrived for it, by resource type:
// the bytes of the response bodies as sent (compressed, when the server compressed them: CDP's encodedDataLength less
// the headers), their decoded size and the encodings used.
//
//   node --import tsx scripts/measure-wire.ts                     /, /annonser and /listing/<first demo listing>, 3 runs
//   node --import tsx scripts/measure-wire.ts --path / --runs 5   one page
//   node --import tsx scripts/measure-wire.ts --json              one JSON object per page on stdout (progress on stderr)
//   node --import tsx scripts/measure-wire.ts --files             also every script of the first run, largest first
//   node --import tsx scripts/measure-wire.ts --client dist/client  measure an existing client build instead
//
// It exits 1 when the home page's JavaScript on the wire is above its budget (scripts/lib/budgets.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { HOME_JS_BUDGET_BYTES } from './lib/budgets';
import { builtServerEnv, freePort, parseArgs, root, sleep } from './lib/built-server';


const args = parseArgs(process.argv.slice(2));
const JSON_OUT = args.flag('json');
const RUNS = args.num('runs', 3);
const log = (line: string) => (JSON_OUT ? process.stderr : process.stdout).write(`${line}\n`);

interface Transfer {
  url: string;
  type: string;
  /** Body bytes as sent (compressed if the server compressed it). */
  wire: number;
  /** Body bytes after decoding. */
  decoded: number;
  encoding: string;
}

interface PageRun {
  byType: Map<string, { files: number; wire: number; decoded: number }>;
  transfers: Transfer[];
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function run(cmd: string, argv: string[], what: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, argv, { cwd: root, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}\n${r.stderr}`);
}

/** One page load in a fresh context: every finished response with its sizes from the DevTools protocol. */
async function loadPage(browser: Browser, url: string): Promise<PageRun> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; type: string; encoding: string; headersLength: number }>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    responses.set(e.requestId, {
      url: e.response.url,
      type: e.type.toLowerCase(),
      encoding: h['content-encoding'] ?? 'identity',
      headersLength: e.response.encodedDataLength ?? 0,
    });
  });
  const decodedById = new Map<string, number>();
  cdp.on('Network.dataReceived', (e) => decodedById.set(e.requestId, (decodedById.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (!r) return;
    // encodedDataLength counts headers and body; the headers' share is the response's own encodedDataLength.
    transfers.push({ url: r.url, type: r.type, wire: e.encodedDataLength - r.headersLength, decoded: decodedById.get(e.requestId) ?? 0, encoding: r.encoding });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('h1', { state: 'attached', timeout: 15_000 });
  await sleep(500); // anything the page starts after its first paint (lazy chunks) is part of its load
  await context.close();
  const byType = new Map<string, { files: number; wire: number; decoded: number }>();
  for (const t of transfers) {
    const s = byType.get(t.type) ?? { files: 0, wire: 0, decoded: 0 };
    s.files += 1;
    s.wire += t.wire;
    s.decoded += t.decoded;
    byType.set(t.type, s);
  }
  return { byType, transfers };
}

async function main(): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-wire-'));
  // The bundle must sit two levels below the repository root (scripts/build-server.mjs).
  const bundleDir = path.join(root, 'dist', `wire-${path.basename(tmp).replace(/^bp-wire-/, '')}`);
  let server: ChildProcess | undefined;
  const cleanup = () => {
    if (server && server.exitCode === null) server.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(bundleDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    let clientDir = args.str('client') ? path.resolve(args.str('client')!) : path.join(tmp, 'client');
    if (!args.str('client')) {
      log('Building the client…');
      run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], 'vite build', {
        ...process.env,
        NODE_ENV: 'production',
      });
    }
    clientDir = path.resolve(clientDir);
    log('Building the server bundle…');
    const bundle = path.join(bundleDir, 'main.mjs');
    run(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--outfile', bundle], 'build-server');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const logFile = path.join(tmp, 'server.log');
    const out = fs.openSync(logFile, 'a');
    server = spawn(process.execPath, [bundle], {
      cwd: root,
      stdio: ['ignore', out, out],
      env: builtServerEnv({
        port,
        dbPath: path.join(tmp, 'bilpartner.db'),
        uploadDir: path.join(tmp, 'uploads'),
        seedDemo: true,
        env: { CLIENT_DIR: clientDir, COOKIE_SECURE: 'false', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' },
      }),
    });
    fs.closeSync(out);
    const deadline = Date.now() + 60_000;
    let firstId: number | undefined;
    while (firstId === undefined) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
      try {
        const res = await fetch(`${base}/api/listings?limit=1`);
        const body = (await res.json()) as { id: number }[];
        if (res.ok && body.length) firstId = body[0].id;
      } catch {
        // not up yet, or the demo listings not seeded yet
      }
      if (firstId === undefined) await sleep(200);
    }

    const paths = args.str('path') ? [args.str('path')!] : ['/', '/annonser', `/listing/${firstId}`];
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    let homeJs: number | undefined;
    try {
      for (const p of paths) {
        const runs: PageRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await loadPage(browser, base + p));
        const types = [...new Set(runs.flatMap((r) => [...r.byType.keys()]))].sort();
        const summary = Object.fromEntries(
          types.map((t) => {
            const of = (k: 'files' | 'wire' | 'decoded') => median(runs.map((r) => r.byType.get(t)?.[k] ?? 0));
            return [t, { files: of('files'), wire: of('wire'), decoded: of('decoded') }];
          }),
        );
        const js = summary.script ?? { files: 0, wire: 0, decoded: 0 };
        if (p === '/') homeJs = js.wire;
        const encodings = [...new Set(runs[0].transfers.filter((t) => t.type === 'script').map((t) => t.encoding))].join(', ') || 'none';
        const total = Object.values(summary).reduce((s, v) => s + v.wire, 0);
        log(
          `${p.padEnd(14)} JavaScript ${kb(js.wire)} on the wire (${kb(js.decoded)} decoded) in ${js.files} files [${encodings}]; ` +
            `everything ${kb(total)}: ${types.map((t) => `${t} ${kb(summary[t].wire)}`).join(', ')}  (median of ${RUNS})`,
        );
        if (args.flag('files')) {
          for (const t of runs[0].transfers.filter((x) => x.type === 'script').sort((a, b) => b.wire - a.wire)) {
            log(`    ${kb(t.wire).padStart(9)} ${kb(t.decoded).padStart(9)} ${t.encoding.padEnd(8)} ${new URL(t.url).pathname}`);
          }
        }
        if (JSON_OUT) process.stdout.write(`${JSON.stringify({ path: p, runs: RUNS, scriptWire: js.wire, scriptDecoded: js.decoded, scriptFiles: js.files, totalWire: total, byType: summary })}\n`);
      }
    } finally {
      await browser.close();
    }
    if (homeJs !== undefined && homeJs > HOME_JS_BUDGET_BYTES) {
      log(`Home page JavaScript ${kb(homeJs)} is above the budget of ${kb(HOME_JS_BUDGET_BYTES)}.`);
      return 1;
    }
    return 0;
  } finally {
    cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
