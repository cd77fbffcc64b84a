import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notifications } from '../db/schema';
import { createUser, db, expectNoErrors, fileTempDir, loginAs, newPage, uploadDir, type TestPage } from './support';
import { controlledShell, loadedAssets, shellCaches, waitForOfflineReady } from './service-worker-support';
import { copyClientBuild, startServerProcess, type ServerProcess } from './server-process';
import { builtServerEnv, freePort } from '../scripts/lib/built-server';

// The service worker (public/sw.js, docs/decisions/012-offline-and-caching.md): a deploy replaces it; it keeps a
// bounded number of photos; it never answers a private API request.
//
// A deploy: two real client
// builds that differ in every file (build B is the same source unminified, so every content hash and the build version
// change) are served in turn by one server address: the built server (the run's bundle, as `npm start` runs it) is
// started on build A, stopped, and started again on build B on the same port, as a deploy does. Build A is this file's
// copy of the run's client build, build B its own build; both, the database and the uploads of these servers live in
// this file's temp folder, and every server it starts is stopped after it (e2e/server-process.ts). The file's own
// server from e2e/support.ts is not used here: it serves one build for the whole file.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Build {
  dir: string;
  /** The entry script's name without `.js` (the build version, lib/build-version.ts). */
  version: string;
  /** Every built file under /assets/. */
  assets: Set<string>;
}

let tmp = '';
let port = 0;
let base = '';
let server: ServerProcess | undefined;
let serverLog = '';
let buildA: Build;
let buildB: Build;

/** The builds under way: a beforeAll that timed out must not leave one running past the file. */
const building = new Set<ChildProcess>();

function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    building.add(child);
    child.once('exit', () => building.delete(child));
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${code}):\n${out}`))));
  });
}

async function buildClient(dir: string, extra: string[]): Promise<Build> {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  await run([vite, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn', ...extra], { ...process.env, NODE_ENV: 'production' });
  return readBuild(dir);
}

function readBuild(dir: string): Build {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const version = /<script type="module"[^>]*\ssrc="\/assets\/([^"]+)\.js"/.exec(html)?.[1];
  if (!version) throw new Error(`no entry script in ${dir}/index.html:\n${html}`);
  const assets = new Set(fs.readdirSync(path.join(dir, 'assets')).map((f) => `/assets/${f}`));
  return { dir, version, assets };
}

/** Starts the built server on `port` serving `build` (CLIENT_DIR), on this file's deploy database and uploads. */
async function serve(build: Build) {
  const env = builtServerEnv({
    port,
    dbPath: path.join(tmp, 'bilpartner.db'),
    uploadDir: path.join(tmp, 'uploads'),
    seedDemo: false,
    env: { CLIENT_DIR: build.dir, COOKIE_SECURE: 'false', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' },
  });
  server = await startServerProcess({ bundle: inject('serverBundle'), port, env, logFile: serverLog, pidDir: inject('pidDir') });
  const html = await (await fetch(`${base}/`)).text();
  expect(html, `the server on ${base} serves ${build.dir}`).toContain(`/assets/${build.version}.js`);
}

async function stopServer() {
  const s = server;
  server = undefined;
  await s?.stop();
}

/**
 * A deploy: the server stops and starts again on the same address, serving `build`. The open pages are first left to
 * finish what they load on their own after the load event (chunks at idle, the warm-up requests, within 3 s): one cut
 * off by the second the server is down would be this test's doing, not the take-over's.
 */
async function deploy(build: Build, ...open: TestPage[]) {
  for (const page of open) await quiet(page);
  await stopServer();
  await serve(build);
}

/** Waits until the page has requested nothing new for 3.5 s. */
async function quiet(page: TestPage) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
        const still = count === last;
        last = count;
        return still;
      },
      { timeout: 20_000, interval: 3500 },
    )
    .toBe(true);
}

/** Counts the main frame's loads from now on. */
function countLoads(page: TestPage) {
  const counter = { loads: 0 };
  page.on('load', () => (counter.loads += 1));
  return counter;
}

/** What the page runs: its entry script, the worker in control and every built file it loaded. */
function running(page: TestPage) {
  return page.evaluate(() => ({
    entry: new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')!.src).pathname,
    worker: navigator.serviceWorker.controller ? new URL(navigator.serviceWorker.controller.scriptURL).searchParams.get('v') : null,
  }));
}

/** The worker registration as the page sees it, and the caches: printed when the take-over did not come. */
function workerState(page: TestPage) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const v = (w?: ServiceWorker | null) => (w ? `${new URL(w.scriptURL).searchParams.get('v')} (${w.state})` : '-');
    return `controller ${v(navigator.serviceWorker.controller)}; installing ${v(reg?.installing)}; waiting ${v(reg?.waiting)}; active ${v(reg?.active)}; caches ${(await caches.keys()).join(', ')}`;
  });
}

/** Waits until the page runs `build` under `build`'s worker. */
async function expectRunning(page: TestPage, build: Build, timeout = 30_000) {
  await expect
    .poll(() => running(page), { timeout })
    .toEqual({ entry: `/assets/${build.version}.js`, worker: build.version })
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await workerState(page).catch((e: Error) => e.message)}`);
    });
}

/** Every built file the page loaded belongs to `build`, none to `other`. */
async function expectOnlyFilesOf(page: TestPage, build: Build, other: Build) {
  const loaded = await loadedAssets(page);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((f) => !build.assets.has(f))).toEqual([]);
  expect(loaded.filter((f) => other.assets.has(f))).toEqual([]);
}

/** Waits for the home page's heading, i.e. the app rendered. */
const rendered = (page: TestPage) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });

/**
 * Serves build A and opens its home page in a new browser, controlled from its first visit by build A's worker (it
 * registers at start-up) with build A's shell cached.
 */
async function openOnBuildA(viewport?: { width: number; height: number }) {
  await deploy(buildA);
  const page = await newPage(viewport);
  await page.goto(`${base}/`);
  await rendered(page);
  expect(await waitForOfflineReady(page)).toBe(`bp-shell-${buildA.version}`);
  return page;
}

/** The quiet time in which a reload loop would show. */
const settle = () => new Promise((r) => setTimeout(r, 2000));

// Two server starts, a take-over and a quiet wait per test: more than the default minute on a busy machine.
describe('a new build', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    // In this file's temp folder, which e2e/support.ts removes after the file.
    tmp = path.join(fileTempDir(), 'deploy');
    serverLog = path.join(tmp, 'server.log');
    fs.mkdirSync(path.join(tmp, 'uploads'), { recursive: true });
    // Build A is the run's client build (the same `vite build`), copied: the run's build itself is never served.
    copyClientBuild(inject('clientBuild'), path.join(tmp, 'a'));
    buildA = readBuild(path.join(tmp, 'a'));
    buildB = await buildClient(path.join(tmp, 'b'), ['--minify', 'false']);
    expect(buildB.version).not.toBe(buildA.version);
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  }, 400_000);

  // The servers a test left running, also when it failed part-way (and e2e/support.ts stops any started later).
  afterAll(async () => {
    for (const child of building) child.kill('SIGKILL');
    await stopServer();
  });

  it("reloading after a deploy runs the new build at once: its worker takes over without another reload, the old build's cache goes, and the new shell opens offline", async () => {
    const page = await openOnBuildA({ width: 390, height: 844 });
    expect(await running(page)).toEqual({ entry: `/assets/${buildA.version}.js`, worker: buildA.version });
    expect(await shellCaches(page)).toEqual([`bp-shell-${buildA.version}`]);

    await deploy(buildB, page);
    const counter = countLoads(page);
    await page.reload();
    await rendered(page);
    await expectRunning(page, buildB);
    await expectOnlyFilesOf(page, buildB, buildA);
    await expect.poll(() => shellCaches(page), { timeout: 15_000 }).toEqual([`bp-shell-${buildB.version}`]);
    await settle();
    // The user's reload only: the page already ran build B when build B's worker took control.
    expect(counter.loads).toBe(1);

    // Offline, a reload opens build B's shell from build B's cache.
    await waitForOfflineReady(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Du er frakoblet').waitFor();
    await rendered(page);
    expect(await running(page)).toEqual({ entry: `/assets/${buildB.version}.js`, worker: buildB.version });
    await expectOnlyFilesOf(page, buildB, buildA);
    await page.context().setOffline(false);
    expectNoErrors(page, [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/]);
  });

  it('a tab left open on the old build reloads exactly once when the new build takes over, and then runs only the new build', async () => {
    const oldTab = await openOnBuildA();
    // A mark in the old tab's page state: gone once the tab has reloaded.
    await oldTab.evaluate(() => ((window as unknown as { __buildA: boolean }).__buildA = true));
    const oldTabLoads = countLoads(oldTab);

    await deploy(buildB, oldTab);
    // Another tab of the same visitor opens the site after the deploy: it gets build B, whose worker takes over every
    // open tab of the site.
    const newTab = (await oldTab.context().newPage()) as TestPage;
    newTab.errors = [];
    newTab.on('pageerror', (err) => newTab.errors.push(`pageerror: ${err.message}`));
    newTab.on('console', (msg) => msg.type() === 'error' && newTab.errors.push(`console: ${msg.text()}`));
    const newTabLoads = countLoads(newTab);
    await newTab.goto(`${base}/`);
    await rendered(newTab);
    await expectRunning(newTab, buildB);

    // The old tab reloads by itself, once, into build B.
    await expect.poll(() => oldTabLoads.loads, { timeout: 20_000 }).toBe(1);
    await rendered(oldTab);
    expect(await oldTab.evaluate(() => (window as unknown as { __buildA?: boolean }).__buildA ?? false)).toBe(false);
    await expectRunning(oldTab, buildB);
    await expectOnlyFilesOf(oldTab, buildB, buildA);
    await expect.poll(() => shellCaches(oldTab), { timeout: 15_000 }).toEqual([`bp-shell-${buildB.version}`]);

    // No reload loop, and the tab that opened on build B never reloaded.
    await settle();
    expect(oldTabLoads.loads).toBe(1);
    expect(newTabLoads.loads).toBe(1);
    expect(await controlledShell(newTab)).toBe(`bp-shell-${buildB.version}`);
    expectNoErrors(oldTab);
    expect(newTab.errors).toEqual([]);
  });

  it('a tab left open on the old build that opens a page it has not loaded yet gets that page on the new build (one reload)', async () => {
    const page = await openOnBuildA();
    const counter = countLoads(page);

    // After the deploy, build A's page asks for its own chunk of /personvern, which is no longer on the server.
    await deploy(buildB, page);
    await page.locator('footer').getByRole('link', { name: 'Personvern' }).click();
    await page.waitForURL('**/personvern');
    await page.getByRole('heading', { level: 1, name: /personvern/i }).waitFor({ timeout: 20_000 });
    await expectRunning(page, buildB);
    await expectOnlyFilesOf(page, buildB, buildA);
    await settle();
    expect(counter.loads).toBe(1);
    // The only errors: build A's missing chunk, before the reload.
    expectNoErrors(page, [/status of 404/, /Failed to fetch dynamically imported module/]);
  });

  it("the new build's worker takes over although another tab keeps asking through the old build's worker", async () => {
    const page = await openOnBuildA();
    const other = (await page.context().newPage()) as TestPage;
    await other.goto(`${base}/`);
    await rendered(other);

    await deploy(buildB, page, other);
    // For 8 s the other tab, still on build A, sends a request through build A's worker every 20 ms: some reach it
    // while it is being stopped for the take-over, which starts it again (the race src/client/lib/service-worker.ts
    // describes). It reloads into build B when build B's worker takes over, which ends the loop.
    const asking = other
      .evaluate(async () => {
        const end = Date.now() + 8000;
        while (Date.now() < end) {
          await fetch('/api/listings?limit=1', { method: 'HEAD' }).catch(() => {});
          await new Promise((r) => setTimeout(r, 20));
        }
      })
      .catch(() => {});
    await page.reload();
    await rendered(page);
    await asking;
    await expectRunning(page, buildB, 20_000);
    await expectOnlyFilesOf(page, buildB, buildA);
    await expectRunning(other, buildB);
    expectNoErrors(page);
  });

  it("a load of the new build cut off before its worker is in leaves the old build's shell to open offline", async () => {
    const page = await openOnBuildA();

    await deploy(buildB, page);
    // The connection drops after build B's page came (through build A's worker) and before its script did.
    await page.context().route(`**/assets/${buildB.version}.js`, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect.poll(() => running(page)).toEqual({ entry: `/assets/${buildB.version}.js`, worker: buildA.version });
    await page.context().setOffline(true);
    await page.context().unroute(`**/assets/${buildB.version}.js`);
    await page.reload();
    // Build A's worker kept build A's page, whose files it holds: the site opens, offline.
    await page.getByText('Du er frakoblet').waitFor();
    await rendered(page);
    expect(await running(page)).toEqual({ entry: `/assets/${buildA.version}.js`, worker: buildA.version });
    await page.context().setOffline(false);
  });
});

const TAG = `w${Date.now().toString(36).slice(-6)}`;
/** The worker's photo bounds (public/sw.js PHOTO_LIMIT, PHOTO_BYTES). */
const PHOTO_LIMIT = 200;
const PHOTO_BYTES = 30 * 1024 * 1024;

describe('photos', () => {
  it('the worker keeps at most 200 photos and 30 MB of them, the oldest stored dropped first', async () => {
    // Files in the file's server's upload folder, served at /uploads/<dir>/<name> as listing photos are.
    const dir = path.join(uploadDir, `sw-${TAG}`);
    fs.mkdirSync(dir);
    const small = Array.from({ length: PHOTO_LIMIT + 5 }, (_, i) => `/uploads/sw-${TAG}/small-${i}.webp`);
    const large = Array.from({ length: 33 }, (_, i) => `/uploads/sw-${TAG}/large-${i}.webp`);
    for (const url of small) fs.writeFileSync(path.join(dir, path.basename(url)), Buffer.alloc(1000, 1));
    for (const url of large) fs.writeFileSync(path.join(dir, path.basename(url)), Buffer.alloc(1_000_000, 2));
    try {
      const page = await newPage();
      // A page without listing photos of its own.
      await page.goto('/kontakt');
      await controlledShell(page);
      const stored = () =>
        page.evaluate(async () => {
          const cache = await caches.open('bp-photos-v1');
          const keys = await cache.keys();
          const sizes = await Promise.all(keys.map(async (k) => (await (await cache.match(k))!.blob()).size));
          return { urls: keys.map((k) => new URL(k.url).pathname), bytes: sizes.reduce((a, b) => a + b, 0) };
        });
      /** Loads the photos one after another, as a visitor paging through listings would, through the worker. */
      const view = (urls: string[]) =>
        page.evaluate(async (list) => {
          for (const url of list) if (!(await fetch(url)).ok) throw new Error(`${url} did not load`);
        }, urls);

      // More photos than the count bound: the newest 200 stay.
      await view(small);
      await expect.poll(async () => (await stored()).urls, { timeout: 15_000 }).toEqual(small.slice(5));

      // Large photos: the bytes bound holds (the small ones, older, go first), and no more is dropped than needed.
      await view(large);
      await expect.poll(async () => (await stored()).urls.at(-1), { timeout: 15_000 }).toBe(large.at(-1));
      const after = await stored();
      expect(after.bytes).toBeLessThanOrEqual(PHOTO_BYTES);
      expect(after.bytes + 1_000_000).toBeGreaterThan(PHOTO_BYTES);
      expect(after.urls).toEqual(large.slice(large.length - after.urls.length));

      // A stored photo is answered by the worker (cache first), also offline.
      await page.context().setOffline(true);
      expect(await page.evaluate(async (url) => (await fetch(url)).status, large.at(-1)!)).toBe(200);
      await page.context().setOffline(false);
      expectNoErrors(page);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('private answers', () => {
  it("a logged-in user's notifications and chats always come from the server, never from the worker, also for the next user on the same browser", async () => {
    const { user: kari } = await createUser({ name: 'Kari Nordmann' });
    const { user: ola } = await createUser({ name: 'Ola Nordmann' });
    const notify = (userId: number, title: string) => db().insert(notifications).values({ userId, type: 'info', title, message: `Melding ${TAG}` }).run();
    notify(kari.id, `Første ${TAG}`);

    const page = await newPage();
    const answers: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (res) => {
      const p = new URL(res.url()).pathname;
      if (p.startsWith('/api/') || p.startsWith('/trpc/')) answers.push({ url: p, fromWorker: res.fromServiceWorker() });
    });
    const apiTitles = (url: string) =>
      page.evaluate(async (u) => {
        const res = await fetch(u);
        return res.ok ? ((await res.json()) as { title: string }[]).map((n) => n.title) : [];
      }, url);

    await loginAs(page, kari);
    await page.goto('/varslinger');
    await controlledShell(page);
    await page.getByRole('heading', { name: `Første ${TAG}` }).waitFor();
    expect(await apiTitles('/api/notifications')).toEqual([`Første ${TAG}`]);
    expect(await page.evaluate(() => fetch('/api/chats').then((r) => r.status))).toBe(200);

    // A new notification is there on the next request and the next load.
    notify(kari.id, `Andre ${TAG}`);
    expect(await apiTitles('/api/notifications')).toEqual([`Andre ${TAG}`, `Første ${TAG}`]);
    await page.reload();
    await page.getByRole('heading', { name: `Andre ${TAG}` }).waitFor();

    // Another user logs in on the same browser (same worker): they see their own, none of Kari's.
    notify(ola.id, `Olas ${TAG}`);
    await page.goto('about:blank');
    await page.context().clearCookies();
    await loginAs(page, ola);
    await page.goto('/varslinger');
    await page.getByRole('heading', { name: `Olas ${TAG}` }).waitFor();
    expect(await page.getByRole('heading', { name: `Første ${TAG}` }).count()).toBe(0);
    expect(await apiTitles('/api/notifications')).toEqual([`Olas ${TAG}`]);
    await page.goto('/chats');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // Not one API answer came from the worker, and none is in any of its caches.
    expect(answers.some((a) => a.url.startsWith('/trpc/'))).toBe(true);
    expect(answers.filter((a) => a.fromWorker)).toEqual([]);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/trpc'))).toEqual([]);

    // Offline, a private request fails instead of getting an old answer.
    await page.context().setOffline(true);
    expect(await page.evaluate(() => fetch('/api/notifications').then(() => 'answered', () => 'failed'))).toBe('failed');
    await page.context().setOffline(false);
    db().delete(notifications).where(and(eq(notifications.message, `Melding ${TAG}`))).run();
    expectNoErrors(page, [/ERR_INTERNET_DISCONNECTED/]);
  });
});
