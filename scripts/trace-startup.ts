// npm run trace:startup -- --baseline <checkout>: the browser's start-up work on the server-rendered pages, this build
// against another checkout's build (its dist/, e.g. main's), measured alternately (A B, B A) on the same machine.
//
// Both built servers run on one scratch database with the demo data. Each visit is a fresh Chromium context (no cache,
// no service worker) at a phone's size with the CPU slowed down 4x (DevTools Emulation.setCPUThrottlingRate), as
// Lighthouse's mobile preset does, on loopback. Per page it reports the medians and ranges of
//   - hydrated: ms from navigation start until the app has hydrated (the root route's effect sets data-hydrated);
//   - main thread: the renderer's task time until then plus one second (Performance.getMetrics TaskDuration), and
//     of it scripting (ScriptDuration) and style recalculation (RecalcStyleDuration);
//   - blocking: the sum over long tasks of their time beyond 50 ms (as Total Blocking Time counts it);
// and the ratio this/baseline of each round. `--trace-dir <dir>` also keeps one Chromium trace per page and build.
//
//   npm run trace:startup -- --baseline /tmp/main-checkout [--runs 5] [--only /annonser]
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { api, ensureBuild, freePort, parseArgs, runMain, scratchFolder, startServer, stopServer, type RunningServer } from './lib/built-server';
import { inTurn } from './lib/turns';

const args = parseArgs(process.argv.slice(2));
const BASELINE = args.str('baseline');
const RUNS = Math.max(1, args.num('runs', 5));
const ONLY = args.str('only');
const TRACE_DIR = args.str('trace-dir');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Sample {
  hydratedMs: number;
  taskMs: number;
  scriptMs: number;
  styleMs: number;
  blockingMs: number;
}

const servers: RunningServer[] = [];
const scratch = scratchFolder('trace', false, () => servers.find((s) => s.proc.exitCode === null) ?? null);

async function visit(browser: Browser, url: string, traceFile?: string): Promise<Sample> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await page.addInitScript(() => {
      const w = window as unknown as { __start: { hydrated: number; blocking: number } };
      w.__start = { hydrated: NaN, blocking: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__start.blocking += Math.max(0, e.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
      // At document start there is no <html> element yet: the document is observed.
      new MutationObserver((_, observer) => {
        if (document.documentElement?.hasAttribute('data-hydrated')) {
          w.__start.hydrated = performance.now();
          observer.disconnect();
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    if (traceFile) await browser.startTracing(page, { path: traceFile, screenshots: false });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => !Number.isNaN((window as unknown as { __start: { hydrated: number } }).__start.hydrated), null, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    if (traceFile) await browser.stopTracing();
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    const start = await page.evaluate(() => (window as unknown as { __start: { hydrated: number; blocking: number } }).__start);
    return { hydratedMs: start.hydrated, taskMs: metric('TaskDuration'), scriptMs: metric('ScriptDuration'), styleMs: metric('RecalcStyleDuration'), blockingMs: start.blocking };
  } finally {
    await context.close();
  }
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const range = (v: number[]) => `${Math.round(Math.min(...v))}–${Math.round(Math.max(...v))}`;

async function main(): Promise<number> {
  if (!BASELINE || !fs.existsSync(path.join(BASELINE, 'dist/server/main.mjs'))) throw new Error('--baseline <checkout> with a build (dist/) is required');
  ensureBuild();
  const common = { dbPath: scratch.dbPath, uploadDir: scratch.uploadDir, logFile: scratch.logFile };
  const current = await startServer({ ...common, port: await freePort(), seedDemo: true });
  servers.push(current);
  const baseline = await startServer({ ...common, port: await freePort(), seedDemo: false, env: { COUNTY_LOOKUP: 'false' } }, 30_000, path.resolve(BASELINE));
  servers.push(baseline);
  const list = (await api(current.base, 'GET', '/api/listings?limit=1')).body as { id: number }[];
  const pages = ['/', '/annonser', `/listing/${list[0].id}`].filter((p) => !ONLY || p.includes(ONLY));
  if (TRACE_DIR) fs.mkdirSync(TRACE_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    console.log(`Start-up work at 4x CPU, median (range) of ${RUNS}, this build (B) against ${BASELINE} (A), alternately\n`);
    for (const p of pages) {
      // A first visit each, not measured: a server's first page loads its render code.
      for (const s of [baseline, current]) await (await fetch(s.base + p)).arrayBuffer();
      const a: Sample[] = [];
      const b: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        const name = p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
        // Each build first in every other round (lib/turns.ts).
        for (const s of inTurn(i, [baseline, current])) {
          const which = s === baseline ? 'baseline' : 'this';
          (s === baseline ? a : b).push(await visit(browser, s.base + p, TRACE_DIR && i === 0 ? path.join(TRACE_DIR, `${name}-${which}.json`) : undefined));
        }
      }
      console.log(p);
      for (const [label, key] of [['hydrated', 'hydratedMs'], ['main thread', 'taskMs'], ['scripting', 'scriptMs'], ['style recalc', 'styleMs'], ['blocking', 'blockingMs']] as const) {
        const av = a.map((s) => s[key]);
        const bv = b.map((s) => s[key]);
        const ratios = bv.map((v, i) => (av[i] > 0 ? v / av[i] : NaN)).filter((r) => !Number.isNaN(r));
        console.log(
          `  ${label.padEnd(13)} A ${String(Math.round(median(av))).padStart(5)} ms (${range(av)})  B ${String(Math.round(median(bv))).padStart(5)} ms (${range(bv)})  ` +
            `B−A ${String(Math.round(median(bv) - median(av))).padStart(5)} ms  ratio ${ratios.length ? median(ratios).toFixed(2) : '–'}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  for (const s of servers) await stopServer(s);
  return 0;
}

runMain(main, { cleanup: scratch.cleanup, logFile: scratch.logFile });
