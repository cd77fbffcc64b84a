/**
 * Browser-test support: import from here in e2e/<area>.e2e.test.ts. Run them with `npm run test:e2e`
 * (or `npx vitest run -c vitest.e2e.config.ts e2e/auth.e2e.test.ts` for one file); `npm test` runs them last.
 *
 * Each test file gets its own server, started before its first test and stopped after its last (one test
 * file must never break another): the real app as `npm start` runs it (the bundle e2e/global-setup.ts built once), on
 * the file's own copy of the client build, its own SQLite database without demo data and its own upload folder, with
 * the vehicle registry and address service faked in the file's process (e2e/fake-upstreams.ts, the unit tests' MSW
 * handlers: plate AB12345 is known, ZZ99999 is not; "Arendalsgata 12" finds two addresses, "Storgata" none).
 * Nothing a file does to its server, database, uploads or build reaches another file; within a file the tests share
 * them: make your own data with createUser() (unique usernames) and never assume a table is empty.
 * baseURL, fakeUpstreamsURL and uploadDir are set when the server is up: read them in tests and hooks, not at the
 * top of a file.
 *
 *   import { describe, expect, it } from 'vitest';
 *   import { createUser, loginAs, newPage, db, expectNoErrors } from './support';
 *
 *   it('shows my listings', async () => {
 *     const { user } = await createUser({ name: 'Kari Nordmann' });
 *     const page = await newPage();               // 1280x900; newPage({ width: 390, height: 844 }) for mobile
 *     await loginAs(page, user);                   // session row + bp_session cookie, no login round trip
 *     await page.goto('/mine-annonser');           // relative to the server under test
 *     await page.getByRole('heading', { name: 'Mine annonser' }).waitFor();
 *     expectNoErrors(page);                        // no console errors, no uncaught exceptions
 *   });
 *
 * playwright-core has no auto-waiting `expect`: wait with `locator.waitFor()` (visible by default; also
 * { state: 'hidden' | 'detached' }), and poll values with vitest's `await expect.poll(() => locator.inputValue()).toBe(...)`.
 * Waits time out after 10 s. Prefer getByRole / getByLabel / getByText with the product's words (docs/product/).
 *
 * Pages live for one test: every context opened by newPage() is closed after the test; if the test failed,
 * a screenshot of each page is saved first as e2e/screenshots/FAILED-<test>-<n>.png, and after the file the end of its
 * server's log is printed. The browser is started on first use and closed after the file. Each newPage() is a
 * separate visitor: its own cookies and its own client IP (an X-Forwarded-For header the server trusts from loopback),
 * so per-IP rate limits of one test (login 10/min, register 10/h, contact 5/10 min) do not spill into another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../db/client';
import type { Listing, NewListing, User } from '../db/schema';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../src/server/auth/session';
import { registerUser } from '../src/server/services/auth';
import { createSqliteStore } from '../src/server/store';
import { freePort } from '../src/server/testing/free-port';
import { insertListing, insertListingImage } from '../src/server/testing/listing-factory';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { FAKE_VEHICLE_API_KEY, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams';
import { buildDigest, copyClientBuild, startServerProcess, stopAllServerProcesses, type ServerProcess } from './server-process';

export { KNOWN_PLATE, UNKNOWN_PLATE } from './fake-upstreams';

/** This file's server, e.g. http://127.0.0.1:41234 (set before the first test). page.goto('/path') is relative to it. */
export let baseURL = '';
/** This file's fake registry/address service; GET `${fakeUpstreamsURL}/__requests` lists what the server asked it. */
export let fakeUpstreamsURL = '';
/** This file's server's upload folder: a photo stored here is served at /uploads/... */
export let uploadDir = '';
/** This file's server's mail outbox (MAIL_OUTBOX_DIR): every mail it sends is an .eml file here (src/server/testing/mail.ts reads them). */
export let outboxDir = '';
export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browserPromise: Promise<Browser> | undefined;
let database: Db | undefined;
const openContexts = new Set<BrowserContext>();
let visitor = 0;

let fileDir = '';
let dbPath = '';
let server: ServerProcess | undefined;
let fake: FakeUpstreams | undefined;
let stopping = false;
let failures = 0;

/** This file's own temp folder (its server's database, uploads, client copy and log live in it), removed after it. */
export function fileTempDir(): string {
  if (!fileDir) throw new Error('e2e/support.ts: the file has not started yet (use fileTempDir() in a test or hook)');
  return fileDir;
}

/** The environment of this file's server: as `npm start` runs it, on the file's own folders and fakes. */
function serverEnv(port: number, clientDir: string, upstreams: FakeUpstreams): NodeJS.ProcessEnv {
  // NODE_ENV=production: CSP on, proxy headers trusted from loopback. Vitest sets NODE_ENV=test in this process; it
  // must not leak to the server, nor must vitest's own variables.
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('VITEST') && k !== 'NODE_ENV') env[k] = v;
  return Object.assign(env, {
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false', // plain http on 127.0.0.1
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: dbPath,
    UPLOAD_DIR: uploadDir,
    MAIL_OUTBOX_DIR: outboxDir,
    SEED_DEMO: 'false',
    ADMIN_USERNAME: '',
    ADMIN_PASSWORD: '',
    CLIENT_DIR: clientDir,
    VEHICLE_API_URL: upstreams.vehicleUrl,
    VEHICLE_API_KEY: FAKE_VEHICLE_API_KEY,
    ADDRESS_API_URL: upstreams.addressUrl,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  });
}

// The file's own server, fakes and folders, before anything else of the file runs (the first hook registered).
beforeAll(async () => {
  const name = path.basename(expect.getState().testPath ?? 'file').replace(/\.e2e\.test\.ts$/, '');
  fileDir = fs.mkdtempSync(path.join(inject('runDir'), `${name}-`));
  uploadDir = path.join(fileDir, 'uploads');
  outboxDir = path.join(fileDir, 'outbox');
  dbPath = path.join(fileDir, 'db', 'bilpartner.db');
  fs.mkdirSync(uploadDir, { recursive: true });
  const clientDir = path.join(fileDir, 'client');
  copyClientBuild(inject('clientBuild'), clientDir);
  if (buildDigest(clientDir) !== inject('clientBuildDigest')) {
    throw new Error(
      `BROWSER TESTS: the run's client build (${inject('clientBuild')}) is no longer as e2e/global-setup.ts built it: an ` +
        `earlier test file changed it. It is read-only for test files; a file that needs another build copies it ` +
        `(fileTempDir()) or builds its own, as e2e/service-worker.e2e.test.ts does.`,
    );
  }
  fake = await startFakeUpstreams();
  fakeUpstreamsURL = fake.url;
  // A port free now can be taken before the server binds it (it then exits with EADDRINUSE): try another.
  for (let attempt = 1; !server; attempt++) {
    const port = await freePort();
    try {
      server = await startServerProcess({
        bundle: inject('serverBundle'),
        port,
        env: serverEnv(port, clientDir, fake),
        logFile: path.join(fileDir, 'server.log'),
        pidDir: inject('pidDir'),
      });
    } catch (err) {
      if (attempt >= 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
  baseURL = server.baseURL;
  const log = server.log;
  // A server that dies mid-file should say so instead of failing every remaining test with ECONNREFUSED.
  server.proc.once('exit', (code, signal) => {
    if (!stopping) console.error(`\n[e2e] THE SERVER EXITED (code ${code}, signal ${signal}) during ${name}:\n${log()}\n`);
  });
});

/** The shared Chromium of this test file (started on first use, closed after the file). */
export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return browserPromise;
}

/** The test database (same file as the server's; WAL lets both use it). Drizzle, schema from db/schema. */
export function db(): Db {
  if (!dbPath) throw new Error('e2e/support.ts: the file\'s server is not up yet (use db() in a test or hook)');
  database ??= openDatabase(dbPath);
  return database;
}

export type TestPage = Page & {
  /** Console errors and uncaught page errors seen so far, in order. */
  errors: string[];
};

/**
 * A fresh browser context (own cookies, own client IP) with one page; default viewport 1280x900. A test that
 * intercepts requests with `page.route` passes `serviceWorkers: 'block'`: once the app's worker controls the page,
 * Playwright no longer sees its requests, so the interception would depend on how fast the worker installed.
 */
export async function newPage(opts: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' } = {}): Promise<TestPage> {
  const browser = await launchBrowser();
  visitor += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${process.pid % 250}.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}` },
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  openContexts.add(context);
  const page = (await context.newPage()) as TestPage;
  page.errors = [];
  page.on('console', (msg) => {
    // A failed resource load names no URL in its text; the location does.
    if (msg.type() === 'error') page.errors.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
  });
  page.on('pageerror', (err) => page.errors.push(`pageerror: ${err.message}`));
  waitForHydrationAfterGoto(page);
  return page;
}

/**
 * A server-rendered page shows its controls before React has taken them over (docs/decisions/019-server-rendering.md):
 * a click or a keystroke then would do nothing. `goto` and `reload` wait, as a person would for the page to answer,
 * for `<html data-hydrated>`; a page that never hydrates (offline without a cached shell) fails at its next step.
 */
export function waitForHydrationAfterGoto(page: Page) {
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const res = await original(...args);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 }).catch(() => {});
      return res;
    };
  }
}

/**
 * Fails the test if the page logged a console error or threw. `ignore` lists expected ones, e.g. the
 * browser's own "Failed to load resource: ... 401" line after a deliberately wrong password.
 */
export function expectNoErrors(page: TestPage, ignore: RegExp[] = []) {
  expect(page.errors.filter((e) => !ignore.some((re) => re.test(e)))).toEqual([]);
}

let userCounter = 0;
export interface UserOverrides {
  username?: string;
  password?: string;
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  isAdmin?: boolean;
}

/**
 * Inserts a user straight into the test database (through the same service as registration, so the password
 * works in the login dialog). Defaults are realistic and unique per call. displayName is the first name.
 */
export async function createUser(overrides: UserOverrides = {}): Promise<{ user: User; password: string }> {
  userCounter += 1;
  const tag = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${userCounter}`;
  const password = overrides.password ?? 'hemmelig123';
  const user = await registerUser(
    createSqliteStore(db(), false),
    {
      username: overrides.username ?? `e2e.${tag}`,
      password,
      name: overrides.name ?? 'Kari Nordmann',
      email: overrides.email ?? `kari.${tag}@example.no`,
      phone: overrides.phone ?? '91234567',
      address: overrides.address ?? 'Storgata 12, 0155 OSLO',
    },
    { isAdmin: overrides.isAdmin ?? false },
  );
  return { user, password };
}

export function createAdmin(overrides: UserOverrides = {}) {
  return createUser({ name: 'Anne Admin', ...overrides, isAdmin: true });
}

/** Logs the page's context in as `user`: a session row plus the bp_session cookie. Navigate afterwards. */
export async function loginAs(page: Page, user: { id: number }) {
  const token = generateSessionToken();
  await createSession(createSqliteStore(db(), false), token, user.id);
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** Waits for a toast with this title (and description, if given) and returns it. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByText(title, { exact: true });
  await toast.first().waitFor();
  if (description) await page.getByText(description, { exact: true }).first().waitFor();
  return toast.first();
}

/**
 * The count on an item of the user menu ('Varslinger', 'Meldinger': the header's badges), read by opening the menu and
 * closing it again. A toast sits over the header's right end for its 5 s, so one still showing is closed first, as a
 * user would.
 */
export async function menuCount(page: Page, label: 'Varslinger' | 'Meldinger') {
  const toast = page.getByTestId('toast');
  if (await toast.count()) {
    await toast.getByRole('button', { name: 'Lukk' }).click();
    await toast.waitFor({ state: 'detached' });
  }
  await page.getByTestId('user-menu').click();
  const item = page.getByRole('menuitem', { name: new RegExp(`^${label}`) });
  await item.waitFor();
  const text = (await item.getByTestId('count-badge').innerText()).replace(/\D+/g, '');
  // Escape is pressed once the open menu has taken the focus, as a person sees it open before pressing a key: pressed
  // in the frame between the click and the menu's focus, it reached the page instead, and the menu stayed open.
  await page.waitForFunction(() => document.activeElement?.closest('[data-scope="menu"][data-part="content"]') != null);
  await page.keyboard.press('Escape');
  await item.waitFor({ state: 'hidden' });
  return Number(text);
}

/** Saves a full-page screenshot as e2e/screenshots/<name>.png (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail' || (ctx.task.result?.errors?.length ?? 0) > 0;
  if (failed) failures += 1;
  let n = 0;
  for (const context of openContexts) {
    if (failed) {
      for (const page of context.pages()) {
        n += 1;
        await screenshot(page, `FAILED-${ctx.task.name}-${n}`).catch(() => {});
        const errors = (page as TestPage).errors;
        if (errors?.length) console.log(`[e2e] browser errors in "${ctx.task.name}":\n  ${errors.join('\n  ')}`);
      }
    }
    await context.close().catch(() => {});
  }
  openContexts.clear();
});

// Registered before any of the file's own hooks, so it runs after all of them: everything the file started stops.
afterAll(async () => {
  if (browserPromise) await (await browserPromise).close().catch(() => {});
  browserPromise = undefined;
  if (database) closeDatabase(database);
  database = undefined;
  stopping = true;
  // Every server of this file (also one a timed-out test started in the background); none starts after this.
  await stopAllServerProcesses();
  if (fake) await fake.close();
  fake = undefined;
  if (!fileDir) return;
  const logFile = path.join(fileDir, 'server.log');
  // What the server logged at warn and above, when something in this file failed: the server's side of it.
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim() : '';
  if (failures > 0 && text) console.log(`[e2e] server log (LOG_LEVEL=${process.env.E2E_LOG_LEVEL ?? 'warn'}):\n${text.split('\n').slice(-80).join('\n')}`);
  if (process.env.E2E_KEEP) console.log(`[e2e] kept ${fileDir} (database, uploads, client copy, server log)`);
  else fs.rmSync(fileDir, { recursive: true, force: true });
});

/** A listing photo without an upload: a coloured SVG as a data URL (the CSP allows data: images), numbered if `n`. */
export interface SvgPhoto {
  url: string;
  width: number;
  height: number;
}
export function svgPhoto(color: string, { n, width = 1600, height = 1000 }: { n?: number; width?: number; height?: number } = {}): SvgPhoto {
  const label = n === undefined ? '' : `<text x="50%" y="55%" font-size="220" text-anchor="middle" fill="white" font-family="sans-serif">${n}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/>${label}</svg>`;
  return { url: `data:image/svg+xml,${encodeURIComponent(svg)}`, width, height };
}

/**
 * Inserts a visible listing straight into the test database (the listing factory's defaults, then `o`) with its
 * photos, the first as its cover. No address unless given: the listing page's keyless map frame cannot load here.
 */
export async function insertCar(userId: number, o: Partial<NewListing> & { photos?: SvgPhoto[] } = {}): Promise<Listing> {
  const { photos = [], ...overrides } = o;
  const listing = await insertListing(db(), userId, { address: '', coverImage: photos[0]?.url ?? null, ...overrides });
  for (const [position, { url, width, height }] of photos.entries()) {
    await insertListingImage(db(), listing.id, position, { storageKey: `e2e/${listing.id}/${position}`, url, thumbUrl: url, width, height });
  }
  return listing;
}

/**
 * Records the script files `page` requests from now on; the function returned lists those whose name starts with
 * `name` (Vite names a chunk after its first module: `/assets/<name>-<hash>.js`).
 */
export function scriptsRequested(page: Page): (name: string) => string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname);
  });
  return (name) => urls.filter((u) => u.startsWith(`/assets/${name}-`));
}
