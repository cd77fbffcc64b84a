/**
 * Browser-test support: import from here in e2e/<area>.e2e.test.ts. Run them with `npm run test:e2e`
 * (or `npx vitest run -c vitest.e2e.config.ts e2e/auth.e2e.test.ts` for one file); `npm test` runs them last.
 *
 * One server for the whole run (e2e/global-setup.ts): the real app built and started like `npm start`, on a
 * temp SQLite database without demo data, with the vehicle registry and address service faked
 * (e2e/fake-upstreams.ts, the unit tests' MSW handlers: plate AB12345 is known, ZZ99999 is not; "Arendalsgata 12"
 * finds two addresses, "Storgata" none).
 * Test files run one after another, but they share that database: make your own data with createUser()
 * (unique usernames) and never assume a table is empty.
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
 * a screenshot of each page is saved first as e2e/screenshots/FAILED-<test>-<n>.png. The browser is started
 * on first use and closed after the file. Each newPage() is a separate visitor: its own cookies and its own
 * client IP (an X-Forwarded-For header the server trusts from loopback), so per-IP rate limits of one test
 * (login 10/min, register 10/h, contact 5/10 min) do not spill into another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../db/client';
import type { User } from '../db/schema';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../src/server/auth/session';
import { registerUser } from '../src/server/services/auth';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

export { KNOWN_PLATE, UNKNOWN_PLATE } from './fake-upstreams';

/** The server under test, e.g. http://127.0.0.1:41234. page.goto('/path') is relative to it. */
export const baseURL = inject('baseURL');
/** The fake registry/address service; GET `${fakeUpstreamsURL}/__requests` lists what the server asked it. */
export const fakeUpstreamsURL = inject('fakeUpstreamsURL');
export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browserPromise: Promise<Browser> | undefined;
let database: Db | undefined;
const openContexts = new Set<BrowserContext>();
let visitor = 0;

/** The shared Chromium of this test file (started on first use, closed after the file). */
export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return browserPromise;
}

/** The test database (same file as the server's; WAL lets both use it). Drizzle, schema from db/schema. */
export function db(): Db {
  database ??= openDatabase(inject('dbPath'));
  return database;
}

export type TestPage = Page & {
  /** Console errors and uncaught page errors seen so far, in order. */
  errors: string[];
};

/** A fresh browser context (own cookies, own client IP) with one page; default viewport 1280x900. */
export async function newPage(opts: { width?: number; height?: number } = {}): Promise<TestPage> {
  const browser = await launchBrowser();
  visitor += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
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
  return page;
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
    db(),
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
  createSession(db(), token, user.id);
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

afterAll(async () => {
  if (browserPromise) await (await browserPromise).close().catch(() => {});
  browserPromise = undefined;
  if (database) closeDatabase(database);
  database = undefined;
});
