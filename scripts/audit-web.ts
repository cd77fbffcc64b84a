// npm run audit:web: how fast and how accessible is the built app, measured the way a browser sees it
// (docs/benchmarks.md, "In the browser").
//
// Builds what is stale (as `npm start` does), starts the BUILT server on a scratch database with the demo data,
// adds a little more (a chat, a saved listing, a listing waiting for review, a contact message and a feedback) so
// the logged-in and admin pages have something to show, and then
//   - runs axe-core in Debian's Chromium (playwright-core) on every main route: logged out, logged in as a demo
//     user and as an admin (sessions are written straight into the scratch database, as e2e/support.ts does);
//   - runs Lighthouse 12 (mobile preset: simulated slow 4G and 4x CPU slowdown) on /, /annonser and /listing/<id>,
//     three times each, and reports the median of each score.
//   - loads the same three pages in Chromium with the CPU slowed down 4x (DevTools protocol
//     Emulation.setCPUThrottlingRate) but no network throttling, and reads the LCP the browser reports (median of
//     the runs), alternately from this server and from a second one on the same database with SERVER_RENDER=false
//     (the same build rendered in the browser): the ratio of each pair, its median and spread, and
//     whether the LCP element was in the HTML as the server sent it.
// Prints one line per route: Lighthouse's performance, accessibility, best practices and SEO scores and LCP, the LCP
// at 4x CPU, and the number of serious or critical axe violations (rules, and elements). Nothing is downloaded: axe comes from
// node_modules, the browser is /usr/bin/chromium (or CHROMIUM_PATH).
// Exits 1 if axe finds a serious or critical violation anywhere (Lighthouse scores are reported, not enforced: on
// a shared machine they move with the load).
//
//   npm run audit:web                          everything (several minutes)
//   npm run audit:web -- --runs 1              one Lighthouse run per page instead of three
//   npm run audit:web -- --no-lighthouse       axe only
//   npm run audit:web -- --no-axe              Lighthouse and the LCP at 4x CPU only (the three measured pages)
//   npm run audit:web -- --only /listing       only routes whose path contains this text
//   npm run audit:web -- --details             every violation with its elements (all impacts); Lighthouse's FCP,
//                                              Speed Index, TBT, CLS, the LCP element and its phases
//   npm run audit:web -- --lhr-dir <dir>       keep every Lighthouse report (JSON) in <dir>
//   npm run audit:web -- --width 375           axe at a phone's width (default 1280)
//   npm run audit:web -- --client-dir <dir>    serve this client build instead of dist/client (no client build)
//   npm run audit:web -- --json <file>         also write the results as JSON
//   npm run audit:web -- --keep                keep the scratch folder (database, uploads, server log)
//   npm run audit:web -- --no-compare          no client-rendered server: the LCP at 4x CPU of this server only
//   npm run audit:web -- --baseline <checkout> Lighthouse also on another checkout's build (its dist/, e.g. main's) on
//                                              the same database, alternately (A B, B A): each page's performance, FCP,
//                                              LCP and TBT, median and spread, against the targets and the baseline,
//                                              and the main thread's wall and CPU time after the first paint;
//                                              the home page's JavaScript as sent (brotli) and the first page after
//                                              /readyz turns ready against the next ten, for both builds
//   npm run audit:web -- --ready-rounds 5      fresh servers per build for the first page after /readyz (default 5)
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  api,
  ensureBuild,
  freePort,
  listingBody,
  parseArgs,
  root,
  runMain,
  scratchFolder,
  startServer,
  stopServer,
  type RunningServer,
} from './lib/built-server';
import { inTurn } from './lib/turns';

const args = parseArgs(process.argv.slice(2));
const RUNS = Math.max(1, args.num('runs', 3));
const FIRST_PAGE_ROUNDS = Math.max(1, args.num('ready-rounds', 5));
const LIGHTHOUSE = !args.flag('no-lighthouse');
const AXE = !args.flag('no-axe');
const LHR_DIR = args.str('lhr-dir');
const ONLY = args.str('only');
const DETAILS = args.flag('details');
const WIDTH = args.num('width', 1280);
const CLIENT_DIR = args.str('client-dir');
const JSON_OUT = args.str('json');
const KEEP = args.flag('keep');
const COMPARE = !args.flag('no-compare') && !args.str('baseline');
const BASELINE = args.str('baseline') ? path.resolve(args.str('baseline')!) : undefined;

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const ADMIN = { username: 'audit.admin', password: 'audit-admin-123' };
const DEMO_USER = 'kari.nordmann';
const OTHER_USER = 'ola.hansen';

type Who = 'visitor' | 'user' | 'admin';
interface RouteSpec {
  path: string;
  who: Who;
  lighthouse?: boolean;
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
}
interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  /**
   * The page's main thread after its first paint, from Lighthouse's own trace (mainThreadAfterPaint): the tasks' time as
   * the clock saw it, and the CPU time the thread got in them.
   */
  mainWallMs: number;
  mainCpuMs: number;
  cls: number;
  /** The LCP element (Lighthouse's selector and snippet) and the phases of its time (TTFB, load delay, …). */
  lcpElement: string;
  lcpPhases: string;
  failedAudits: string[];
}
interface RouteResult {
  path: string;
  who: Who;
  axe: AxeViolation[];
  lighthouse?: LighthouseScores;
  /** LCP at 4x CPU slowdown, no network throttling (median, ms), the element it was, and whether it was in the HTML. */
  cpuLcp?: { ms: number; element: string; runs: number[]; inHtml: boolean[] };
  /** The same from the client-rendered server, and each round's server-rendered / client-rendered ratio. */
  clientLcp?: { ms: number; element: string; runs: number[]; ratios: number[] };
}

const severe = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';

let server: RunningServer | null = null;
let clientServer: RunningServer | null = null;
let baselineServer: RunningServer | null = null;
const scratch = scratchFolder('audit', KEEP, () => {
  for (const s of [clientServer, baselineServer]) if (s && s.proc.exitCode === null) s.proc.kill('SIGKILL');
  return server;
});

async function main(): Promise<number> {
  if (CLIENT_DIR) {
    if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error(`no index.html in ${CLIENT_DIR}`);
    // Only the server bundle (always rebuilt: under a second): the client comes from CLIENT_DIR.
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  } else {
    ensureBuild();
  }
  const port = await freePort();
  server = await startServer({
    dbPath: scratch.dbPath,
    uploadDir: scratch.uploadDir,
    port,
    seedDemo: true,
    logFile: scratch.logFile,
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...(CLIENT_DIR ? { CLIENT_DIR: path.resolve(CLIENT_DIR) } : {}),
    },
  });
  const base = server.base;
  const data = await prepareData(base);
  if (LIGHTHOUSE && COMPARE) {
    // The same build and database, every page rendered in the browser: what the pages were before server rendering
    // (docs/decisions/019-server-rendering.md).
    clientServer = await startServer({
      dbPath: scratch.dbPath,
      uploadDir: scratch.uploadDir,
      port: await freePort(),
      seedDemo: false,
      logFile: scratch.logFile,
      env: { SERVER_RENDER: 'false', COUNTY_LOOKUP: 'false', ...(CLIENT_DIR ? { CLIENT_DIR: path.resolve(CLIENT_DIR) } : {}) },
    });
  }

  if (BASELINE) {
    baselineServer = await startServer(
      { dbPath: scratch.dbPath, uploadDir: scratch.uploadDir, port: await freePort(), seedDemo: false, logFile: scratch.logFile, env: { COUNTY_LOOKUP: 'false' } },
      30_000,
      BASELINE,
    );
  }

  const routes: RouteSpec[] = [
    { path: '/', who: 'visitor', lighthouse: true },
    { path: '/annonser', who: 'visitor', lighthouse: true },
    { path: `/listing/${data.listingId}`, who: 'visitor', lighthouse: true },
    { path: '/kontakt', who: 'visitor' },
    { path: '/about', who: 'visitor' },
    { path: '/personvern', who: 'visitor' },
    { path: '/', who: 'user' },
    { path: `/listing/${data.listingId}`, who: 'user' },
    { path: '/mine-annonser', who: 'user' },
    { path: '/lagrede-annonser', who: 'user' },
    { path: '/profil', who: 'user' },
    { path: '/chats', who: 'user' },
    { path: `/chats?chatId=${data.chatId}`, who: 'user' },
    { path: '/varslinger', who: 'user' },
    { path: '/ny-annonse', who: 'user' },
    { path: '/admin', who: 'admin' },
    { path: '/admin?tab=pending', who: 'admin' },
    { path: '/admin?tab=users', who: 'admin' },
    { path: '/admin/feedbacks', who: 'admin' },
    { path: '/admin/messages', who: 'admin' },
  ].filter((r) => !ONLY || r.path.includes(ONLY)) as RouteSpec[];

  const results: RouteResult[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const contexts = new Map<Who, BrowserContext>();
    for (const who of ['visitor', 'user', 'admin'] as Who[]) {
      contexts.set(who, await newContext(browser, base, who === 'visitor' ? null : who === 'user' ? data.userCookie : data.adminCookie));
    }
    for (const r of routes) {
      if (!AXE) {
        if (r.lighthouse) results.push({ path: r.path, who: r.who, axe: [] });
        continue;
      }
      const page = await contexts.get(r.who)!.newPage();
      try {
        results.push({ path: r.path, who: r.who, axe: await runAxe(page, base + r.path) });
      } finally {
        await page.close();
      }
    }
    if (LIGHTHOUSE) {
      for (const r of routes.filter((x) => x.lighthouse)) {
        // Server-rendered and client-rendered alternately, each first in every other round (lib/turns.ts).
        const runs: CpuLcp[] = [];
        const clientRuns: CpuLcp[] = [];
        // One visit each first, not measured: a server's first page loads its render code (the server bundle splits
        // there), and it would time start-up, not the page.
        for (const s of [server, clientServer]) if (s) await (await fetch(s.base + r.path)).arrayBuffer();
        for (let i = 0; i < RUNS; i++) {
          for (const s of inTurn(i, clientServer ? [server, clientServer] : [server])) {
            (s === server ? runs : clientRuns).push(await cpuThrottledLcp(browser, s!.base + r.path));
          }
        }
        const result = results.find((x) => x.path === r.path && x.who === r.who)!;
        const ms = median(runs.map((x) => x.ms));
        result.cpuLcp = { ms, element: runs.find((x) => x.ms === ms)?.element ?? runs[0].element, runs: runs.map((x) => x.ms), inHtml: runs.map((x) => x.inHtml) };
        if (clientRuns.length) {
          const cms = median(clientRuns.map((x) => x.ms));
          result.clientLcp = {
            ms: cms,
            element: clientRuns.find((x) => x.ms === cms)?.element ?? clientRuns[0].element,
            runs: clientRuns.map((x) => x.ms),
            ratios: runs.map((x, i) => x.ms / clientRuns[i].ms),
          };
        }
      }
    }
  } finally {
    await browser.close();
  }

  if (LIGHTHOUSE) {
    if (LHR_DIR) fs.mkdirSync(LHR_DIR, { recursive: true });
    for (const r of routes.filter((x) => x.lighthouse)) {
      const runs: LighthouseScores[] = [];
      const baselineRuns: LighthouseScores[] = [];
      for (let i = 0; i < RUNS; i++) {
        const file = LHR_DIR ? path.join(LHR_DIR, `${r.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`) : undefined;
        // The builds alternately, each first in every other round (lib/turns.ts), so both see the same machine.
        for (const s of inTurn(i, baselineServer ? [baselineServer, server] : [server])) {
          if (s === server) runs.push(await withRetry(() => runLighthouse(base + r.path, file)));
          else baselineRuns.push(await withRetry(() => runLighthouse(s!.base + r.path)));
        }
      }
      const result = results.find((x) => x.path === r.path && x.who === r.who)!;
      result.lighthouse = medianOf(runs);
      if (baselineRuns.length) targets.push({ path: r.path, runs, baselineRuns });
    }
  }

  report(results);
  if (BASELINE) {
    reportTargets(targets);
    const jsNow = homeScriptBrotli(root, await (await fetch(`${base}/`)).text());
    const jsBaseline = homeScriptBrotli(BASELINE, await (await fetch(`${baselineServer!.base}/`)).text());
    console.log(`\nHome page JavaScript as sent (brotli): ${kb(jsNow.bytes)} in ${jsNow.files} files (target ≤ 190 KB: ${jsNow.bytes <= 190 * 1024 ? 'met' : 'NOT met'}); baseline ${kb(jsBaseline.bytes)} in ${jsBaseline.files} files`);
    // A fresh server per round, the builds taking turns: one first page is one sample, and a start-up's timing moves
    // with the machine.
    const ratios = new Map<string, number[]>();
    for (let i = 0; i < FIRST_PAGE_ROUNDS; i++) {
      for (const [label, checkout] of inTurn(i, [['baseline', BASELINE], ['this build', root]] as const)) {
        const r = await firstPageAfterReady(checkout);
        ratios.set(label, [...(ratios.get(label) ?? []), r.firstMs / median(r.nextMs)]);
      }
    }
    for (const [label, r] of ratios) {
      const span = `${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}`;
      console.log(
        `First page after /readyz turned ready (${label}): ${median(r).toFixed(2)}× the median of the next ten ` +
          `(${span} over ${r.length} starts; target ≤ 2)`,
      );
    }
  }
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
  if (baselineServer) await stopServer(baselineServer);
  baselineServer = null;
  if (clientServer) await stopServer(clientServer);
  clientServer = null;
  await stopServer(server);
  server = null;
  return results.some((r) => r.axe.some(severe)) ? 1 : 0;
}

// --- targets against a baseline ----------------------------------------------------------------------------------

const targets: { path: string; runs: LighthouseScores[]; baselineRuns: LighthouseScores[] }[] = [];
const TARGETS = { performance: 90, fcpMs: 1800, lcpMs: 2500, tbtMs: 200 } as const;

function reportTargets(rows: typeof targets) {
  console.log(`\nTargets (Lighthouse 12 mobile, median and spread of ${RUNS}, this build B against the baseline A, alternately)`);
  const spread = (v: number[]) => `${Math.round(Math.min(...v))}–${Math.round(Math.max(...v))}`;
  for (const row of rows) {
    console.log(row.path);
    for (const [key, label, target, higherIsBetter] of [
      ['performance', 'performance', TARGETS.performance, true],
      ['fcpMs', 'FCP (ms)', TARGETS.fcpMs, false],
      ['lcpMs', 'LCP (ms)', TARGETS.lcpMs, false],
      ['tbtMs', 'TBT (ms)', TARGETS.tbtMs, false],
      ['mainWallMs', 'main wall', NaN, false],
      ['mainCpuMs', 'main CPU', NaN, false],
    ] as const) {
      const b = row.runs.map((r) => r[key]);
      const a = row.baselineRuns.map((r) => r[key]);
      const mb = median(b);
      const met = higherIsBetter ? mb >= target : mb <= target;
      const ratios = b.map((v, i) => (a[i] ? v / a[i] : NaN));
      console.log(
        `  ${label.padEnd(12)} B ${String(Math.round(mb)).padStart(5)} (${spread(b)})  A ${String(Math.round(median(a))).padStart(5)} (${spread(a)})  ` +
          `B/A ${median(ratios).toFixed(2)}` +
          (Number.isNaN(target) ? '  (ms after first paint)' : `  target ${higherIsBetter ? '≥' : '≤'} ${target}: ${met ? 'met' : 'NOT met'}`),
      );
    }
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The brotli size of the scripts the home page's HTML loads (its module script and module preloads, or what its
 * starter loads: src/server/pages/start-scripts.ts), from the build's .br files.
 */
function homeScriptBrotli(checkout: string, html: string): { bytes: number; files: number } {
  const tags = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="(\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const starter = /<script data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
  const paths = new Set([...tags, ...(starter ? [starter[1]!, ...starter[2]!.split(' ').filter(Boolean)] : [])]);
  let bytes = 0;
  for (const p of paths) {
    const file = path.join(checkout, 'dist/client', p);
    bytes += fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
  }
  return { bytes, files: paths.size };
}

/**
 * A fresh server of `checkout` on a copy of the scratch database: polls /readyz until it says ready, then times the
 * first listing page and ten more (each a different listing, so none comes from the page cache).
 */
async function firstPageAfterReady(checkout: string): Promise<{ firstMs: number; nextMs: number[] }> {
  const dbCopy = `${scratch.dbPath}.ready-${path.basename(checkout)}`;
  const db = new Database(scratch.dbPath);
  try {
    await db.backup(dbCopy);
  } finally {
    db.close();
  }
  // The listings are read from the running server: the fresh one answers nothing before its first page. Not the
  // newest: the warm-up renders that one (src/server/app.ts), so its page would not be the first render of a listing.
  const list = ((await api(server!.base, 'GET', '/api/listings?limit=12')).body as { id: number }[]).slice(1);
  const fresh = await startServer({ dbPath: dbCopy, uploadDir: scratch.uploadDir, port: await freePort(), seedDemo: false, logFile: scratch.logFile, env: { COUNTY_LOOKUP: 'false' } }, 30_000, checkout);
  try {
    for (let i = 0; i < 600; i++) {
      const res = await fetch(`${fresh.base}/readyz`);
      await res.arrayBuffer();
      if (res.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const times: number[] = [];
    for (const { id } of list) {
      const t0 = performance.now();
      await (await fetch(`${fresh.base}/listing/${id}`)).arrayBuffer();
      times.push(performance.now() - t0);
    }
    return { firstMs: times[0], nextMs: times.slice(1) };
  } finally {
    await stopServer(fresh);
  }
}

// --- data and sessions ---------------------------------------------------------------------------------------

/** A session for `username`, written into the scratch database the way the server writes one (Lucia's scheme). */
function sessionCookie(db: Database.Database, username: string): string {
  const user = db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number } | undefined;
  if (!user) throw new Error(`no user ${username} in the scratch database`);
  const token = crypto.randomBytes(20).toString('hex');
  const id = crypto.createHash('sha256').update(token).digest('hex');
  db.prepare('INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)').run(id, user.id, Date.now() + 86_400_000);
  return `bp_session=${token}`;
}

async function prepareData(base: string) {
  const db = new Database(scratch.dbPath);
  let userCookie: string, adminCookie: string, otherId: number;
  try {
    userCookie = sessionCookie(db, DEMO_USER);
    adminCookie = sessionCookie(db, ADMIN.username);
    otherId = (db.prepare('SELECT id FROM users WHERE username = ?').get(OTHER_USER) as { id: number }).id;
  } finally {
    db.close();
  }
  const must = async (what: string, p: ReturnType<typeof api>) => {
    const res = await p;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  // A public listing of another demo user: the listing page, the chat and the saved listing are about it.
  // GET /api/listings answers a JSON array of listings (docs/product/api.md).
  const list = (await must('GET /api/listings', api(base, 'GET', '/api/listings?limit=50'))) as { id: number; userId: number }[];
  const other = list.find((l) => l.userId === otherId);
  if (!other) throw new Error(`the demo data has no public listing of ${OTHER_USER}`);
  const listingId = other.id;
  const sellerId = other.userId;
  const chat = await must(
    'POST /api/chats/start',
    api(base, 'POST', '/api/chats/start', { cookie: userCookie, body: { listingId, sellerId, message: 'Hei! Er bilen fortsatt til salgs, og kan jeg komme på prøvetur på lørdag?' } }),
  );
  await must('POST /api/saved-listings', api(base, 'POST', '/api/saved-listings', { cookie: userCookie, body: { listingId } }));
  await must('POST /api/listings', api(base, 'POST', '/api/listings', { cookie: userCookie, body: listingBody(3) }));
  await must(
    'POST /api/contact',
    api(base, 'POST', '/api/contact', {
      body: { name: 'Per Olsen', email: 'per.olsen@example.no', subject: 'Spørsmål om annonsering', message: 'Hvor lenge ligger en annonse ute?' },
    }),
  );
  await must('POST /api/feedback', api(base, 'POST', '/api/feedback', { body: { name: 'Åse Berg', feedback: 'Fin side, lett å finne fram.' } }));
  return { listingId, chatId: (chat as { chatId: number }).chatId, userCookie, adminCookie };
}

async function newContext(browser: Browser, base: string, cookie: string | null) {
  // bypassCSP: axe is evaluated into the page; the app's CSP rightly refuses inline scripts.
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo', bypassCSP: true });
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
  }
  return context;
}

// --- axe ---------------------------------------------------------------------------------------------------

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function runAxe(page: Page, url: string): Promise<AxeViolation[]> {
  await page.goto(url, { waitUntil: 'networkidle' });
  // The page has rendered its content (not a skeleton) and its entry animations are over.
  await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('main .chakra-skeleton, main [data-scope="skeleton"]'), null, { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(600);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
  });
}

// --- Lighthouse --------------------------------------------------------------------------------------------

async function runLighthouse(url: string, saveTo?: string): Promise<LighthouseScores> {
  // A fresh browser per run, as Lighthouse's own CLI does (no cache or storage carried over).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    if (saveTo) fs.writeFileSync(saveTo, JSON.stringify(result.lhr));
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failedAudits = Object.values(categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0 && audits[a.id]?.score !== null && (audits[a.id]?.score ?? 1) < 1).map((a) => `${c.id}:${a.id}`));
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      speedIndexMs: audits['speed-index']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      ...mainThreadAfterPaint((result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? []),
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      ...lcpDetails(audits['largest-contentful-paint-element']?.details),
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main thread after its first contentful paint, in Lighthouse's trace: the sum of its tasks' wall time and
 * of the CPU time the thread was given in them (trace `tdur`). Lighthouse's blocking time multiplies the wall time by
 * its CPU slowdown; on a machine where Chromium's other processes, Lighthouse and the server share two cores, much of
 * that wall time is the thread waiting for a core, which the CPU time leaves out (docs/benchmarks.md).
 */
function mainThreadAfterPaint(events: TraceEvent[]): { mainWallMs: number; mainCpuMs: number } {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
  const main = threads.sort((a, b) => count(b) - count(a))[0];
  const fcp = main && events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  if (!main || !fcp) return { mainWallMs: NaN, mainCpuMs: NaN };
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts > fcp.ts);
  const sum = (f: (e: TraceEvent) => number) => tasks.reduce((a, e) => a + f(e), 0) / 1000;
  return { mainWallMs: sum((e) => e.dur ?? 0), mainCpuMs: sum((e) => e.tdur ?? e.dur ?? 0) };
}

/**
 * Lighthouse 12's `largest-contentful-paint-element` details: a list of two tables, the element (a node item with
 * selector and snippet) and the LCP's phases (TTFB, load delay, load time, render delay) in ms.
 */
function lcpDetails(details: unknown): { lcpElement: string; lcpPhases: string } {
  type Table = { type?: string; items?: Record<string, unknown>[] };
  const tables = ((details as { items?: Table[] } | undefined)?.items ?? []) as Table[];
  const node = tables[0]?.items?.[0]?.node as { selector?: string; snippet?: string } | undefined;
  const phases = (tables[1]?.items ?? []).map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))}`).join(', ');
  return { lcpElement: node ? `${node.snippet ?? ''} (${node.selector ?? ''})` : '', lcpPhases: phases };
}

/**
 * The LCP the browser itself reports for `url` with the CPU slowed down 4x and the network as it is (loopback): a
 * fresh context (no cache, no service worker, no storage), the first entry of `largest-contentful-paint` taken once
 * the page has been quiet, in ms from navigation start.
 */
interface CpuLcp {
  ms: number;
  element: string;
  /** The LCP element's text or photo was in the HTML as the server sent it (not added by the page's scripts). */
  inHtml: boolean;
}

async function cpuThrottledLcp(browser: Browser, url: string): Promise<CpuLcp> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { ms: number; element: string; text: string; src: string } };
      w.__lcp = { ms: NaN, element: '', text: '', src: '' };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const el = e.element;
          const text = (el?.textContent ?? '').trim().slice(0, 40);
          const src = el?.getAttribute('src') ?? '';
          w.__lcp = { ms: e.startTime, element: el ? `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${text || src}` : '(removed)', text, src };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    const sent = (await response?.text()) ?? '';
    // At 4x the page may still be rendering when the network is quiet: wait for its heading, a first LCP entry, and
    // then a while for a larger one (a photo that follows the text).
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => !Number.isNaN((window as unknown as { __lcp: { ms: number } }).__lcp.ms), null, { timeout: 30_000 });
    await page.waitForTimeout(2500);
    // LCP stops at the first input; none happened, so the last entry is the page's LCP.
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: { ms: number; element: string; text: string; src: string } }).__lcp);
    // The markup escapes text (&amp;, &#x27;…): compare its first plain word run.
    const probe = lcp.src || (lcp.text.match(/[\p{L}\p{N} ]{6,}/u)?.[0] ?? lcp.text);
    return { ms: lcp.ms, element: lcp.element, inHtml: Boolean(probe) && sent.includes(probe) };
  } finally {
    await context.close();
  }
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts) throw err;
      console.warn(`${(err as Error).message} — running it again`);
    }
  }
}

function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function medianOf(runs: LighthouseScores[]): LighthouseScores {
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    bestPractices: median(runs.map((r) => r.bestPractices)),
    seo: median(runs.map((r) => r.seo)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    mainWallMs: median(runs.map((r) => r.mainWallMs)),
    mainCpuMs: median(runs.map((r) => r.mainCpuMs)),
    cls: median(runs.map((r) => r.cls)),
    // The element and phases of the run whose LCP is the median (or the first).
    lcpElement: (runs.find((r) => r.lcpMs === median(runs.map((x) => x.lcpMs))) ?? runs[0]).lcpElement,
    lcpPhases: (runs.find((r) => r.lcpMs === median(runs.map((x) => x.lcpMs))) ?? runs[0]).lcpPhases,
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
  };
}

// --- report ------------------------------------------------------------------------------------------------

function report(results: RouteResult[]) {
  const who = { visitor: 'logged out', user: 'logged in', admin: 'admin' } as const;
  const pathWidth = Math.max(...results.map((r) => r.path.length), 10);
  console.log(`\nLighthouse 12 mobile preset (median of ${RUNS}), LCP at 4x CPU (median of ${RUNS})${AXE ? ` and axe-core ${axeVersion()} at ${WIDTH} px` : ''}\n`);
  for (const r of results) {
    const lh = r.lighthouse;
    const scores = lh
      ? `perf ${pad(lh.performance)}  a11y ${pad(lh.accessibility)}  bp ${pad(lh.bestPractices)}  seo ${pad(lh.seo)}  LCP ${(lh.lcpMs / 1000).toFixed(1).padStart(4)} s  TBT ${String(Math.round(lh.tbtMs)).padStart(4)} ms`
      : `perf   –  a11y   –  bp   –  seo   –  LCP    –   TBT    –   `;
    const bad = r.axe.filter(severe);
    const nodes = bad.reduce((n, v) => n + v.nodes.length, 0);
    const ids = bad.map((v) => `${v.id}×${v.nodes.length}`).join(', ');
    const inHtml = r.cpuLcp ? (r.cpuLcp.inHtml.every(Boolean) ? ' (in the HTML)' : ` (in the HTML ${r.cpuLcp.inHtml.filter(Boolean).length}/${r.cpuLcp.inHtml.length})`) : '';
    const vsClient = r.clientLcp
      ? `, client-rendered ${(r.clientLcp.ms / 1000).toFixed(2)} s, ratio ${median(r.clientLcp.ratios).toFixed(2)} (${Math.min(...r.clientLcp.ratios).toFixed(2)}–${Math.max(...r.clientLcp.ratios).toFixed(2)})`
      : '';
    const cpu = r.cpuLcp ? `  LCP@4xCPU ${(r.cpuLcp.ms / 1000).toFixed(2)} s${inHtml}${vsClient}` : '';
    const axe = AXE ? `  axe serious/critical ${bad.length}${bad.length ? ` (${nodes} elements: ${ids})` : ''}` : '';
    console.log(`${r.path.padEnd(pathWidth)}  ${who[r.who].padEnd(10)}  ${scores}${cpu}${axe}`);
    const indent = ' '.repeat(pathWidth + 14);
    if (lh?.failedAudits.length) console.log(`${indent}Lighthouse audits not passed: ${lh.failedAudits.join(', ')}`);
    if (DETAILS && lh) {
      console.log(`${indent}FCP ${ms(lh.fcpMs)}  SI ${ms(lh.speedIndexMs)}  TBT ${Math.round(lh.tbtMs)} ms  CLS ${lh.cls.toFixed(3)}`);
      console.log(`${indent}LCP element: ${lh.lcpElement.replace(/\s+/g, ' ').slice(0, 160)}`);
      console.log(`${indent}LCP phases (ms): ${lh.lcpPhases}`);
    }
    if (DETAILS && r.cpuLcp) console.log(`${indent}LCP@4xCPU runs ${r.cpuLcp.runs.map((x) => Math.round(x)).join(' / ')} ms, element ${r.cpuLcp.element}`);
    if (DETAILS && r.clientLcp) console.log(`${indent}client-rendered runs ${r.clientLcp.runs.map((x) => Math.round(x)).join(' / ')} ms, element ${r.clientLcp.element}`);
    if (DETAILS) {
      for (const v of r.axe) {
        console.log(`    [${v.impact}] ${v.id}: ${v.help}`);
        for (const n of v.nodes.slice(0, 8)) console.log(`        ${n.target.join(' ')}${n.failureSummary ? `  — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`);
        if (v.nodes.length > 8) console.log(`        … and ${v.nodes.length - 8} more`);
      }
    }
  }
  const total = results.reduce((n, r) => n + r.axe.filter(severe).length, 0);
  if (!AXE) return;
  console.log(total ? `\n${total} serious or critical axe violation(s).` : '\nNo serious or critical axe violations.');
}

const pad = (n: number) => String(Math.round(n)).padStart(3);
const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;

function axeVersion() {
  return /axe v([\d.]+)/.exec(axeSource.slice(0, 200))?.[1] ?? '4';
}

runMain(main, { cleanup: scratch.cleanup, logFile: scratch.logFile });
