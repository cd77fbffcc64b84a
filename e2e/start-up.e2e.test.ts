// How a visit starts (docs/decisions/019-server-rendering.md): the first page's data is in the page, rendered and as
// the queries the browser hydrates, so the browser does not fetch it; the start-up warm-up requests go out after the
// load; the toaster and the WebSocket link are fetched only when they are needed.
import { describe, expect, it } from 'vitest';
import { insertListing } from '../src/server/testing/listing-factory';
import { createUser, db, expectNoErrors, loginAs, newPage, type TestPage } from './support';

/** Every request the page makes from now on: method and path with query. */
function requests(page: TestPage) {
  const seen: { method: string; url: string; type: string }[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    seen.push({ method: r.method(), url: u.pathname + u.search, type: r.resourceType() });
  });
  return seen;
}

const scriptsNamed = (seen: { url: string; type: string }[], name: string) => seen.filter((r) => r.type === 'script' && r.url.startsWith(`/assets/${name}-`));

describe('start-up', () => {
  it('the listing page has its listing in the page, and the browser does not ask for it again', async () => {
    const { user } = await createUser();
    const listing = await insertListing(db(), user.id, { make: 'Škoda', model: 'Octavia', year: 2019 });
    const page = await newPage({ width: 375, height: 800 });
    const seen = requests(page);
    const res = await page.goto(`/listing/${listing.id}`);
    const html = (await res?.text()) ?? '';
    expect(html).toContain('Škoda Octavia');
    // The route's own chunk is named too (in the page's starter), so it loads with the entry instead of after it.
    expect(html).toMatch(/<script data-entry="[^"]+" data-preload="[^"]*\/assets\/listing\._id-[\w-]+\.js/);

    await page.getByRole('heading', { level: 1, name: 'Škoda Octavia' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.filter((r) => r.url.startsWith('/trpc/'))).toEqual([]);
    // A buyer's visit loads no form validation (zod): it comes with the first form the visitor opens.
    expect(scriptsNamed(seen, 'zod')).toEqual([]);
    // Below the fold, in the page too.
    await page.getByRole('heading', { name: 'Detaljer' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Personvern' }).waitFor();
    expectNoErrors(page);
  });

  it("keeps the server's style tags where they are, so the browser calculates the page's styles once", async () => {
    const { user } = await createUser();
    const listing = await insertListing(db(), user.id, { make: 'Volvo', model: 'XC60', year: 2020 });
    const page = await newPage({ width: 375, height: 800 });
    // Every style element taken out of the document during the visit (a move is a removal and an insertion): the
    // browser treats a moved stylesheet as a new one and recalculates every element's style.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedStyles: string[] }).removedStyles = removed;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.removedNodes) if (n.nodeName === 'STYLE') removed.push((n as Element).outerHTML.slice(0, 60));
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of [`/listing/${listing.id}`, '/annonser', '/']) {
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { removedStyles: string[] }).removedStyles), path).toEqual([]);
      // The server's styles are still what the page is drawn with: its header keeps its white background.
      expect(await page.evaluate(() => document.querySelectorAll('head style[data-server-emotion]').length), path).toBeGreaterThanOrEqual(2);
      expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor), path).toBe('rgb(255, 255, 255)');
    }
    expectNoErrors(page);
  });

  it('sends the warm-up HEAD requests once, after the page has loaded, and not the toaster or the WebSocket link', async () => {
    const page = await newPage();
    const seen = requests(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => seen.filter((r) => r.method === 'HEAD').length, { timeout: 8000 }).toBe(2);
    expect(seen.filter((r) => r.method === 'HEAD').map((r) => r.url)).toEqual(['/api/listings?limit=1', '/api/listings?limit=6']);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const heads = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/listings?limit='));
      return { loadEnd: nav.loadEventEnd, firstHead: Math.min(...heads.map((e) => e.startTime)) };
    });
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.firstHead).toBeGreaterThanOrEqual(timing.loadEnd);
    // The rest of the home page is there, below the hero; its latest listings came in the page.
    await page.getByRole('heading', { name: 'Hvorfor velge Bilpartner.no?' }).waitFor();
    expect(seen.filter((r) => r.url.startsWith('/trpc/listings.list'))).toEqual([]);

    await page.waitForLoadState('networkidle');
    expect(scriptsNamed(seen, 'toaster-view')).toEqual([]);
    expect(seen.filter((r) => r.type === 'script' && /ws-?link/i.test(r.url))).toEqual([]);
    // The first key press brings the toaster's code.
    await page.keyboard.press('Tab');
    await expect.poll(() => scriptsNamed(seen, 'toaster-view').length).toBe(1);
    expectNoErrors(page);
  });

  it("the search page has its first results and the filters' counts in the page, and the browser asks for neither again", async () => {
    for (const width of [375, 1280]) {
      const page = await newPage({ width, height: 800 });
      const seen = requests(page);
      const res = await page.goto('/annonser');
      const html = (await res?.text()) ?? '';
      expect(html).toContain('data-testid="result-count"');
      expect(html).toContain('[["listings","facets"]');
      await page.getByTestId('result-count').waitFor();
      await page.waitForLoadState('networkidle');
      expect(seen.filter((r) => r.url.startsWith('/trpc/')), `${width} px`).toEqual([]);
      expectNoErrors(page);
    }
  });

  it('breaks no rule of the CSP: the starter runs by its hash, and no script evaluates strings', async () => {
    const { user } = await createUser();
    const listing = await insertListing(db(), user.id, { make: 'Volvo', model: 'V90' });
    const page = await newPage({ width: 375, height: 800 });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    for (const url of ['/', '/annonser', `/listing/${listing.id}`]) {
      await page.goto(url);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), url).toEqual([]);
    }
    // The search page's form checks its input with zod: still nothing evaluated.
    await page.goto('/annonser');
    await page.getByRole('searchbox', { name: 'Fritekstsøk' }).fill('Volvo');
    await page.getByRole('button', { name: 'Søk', exact: true }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expectNoErrors(page);
  });

  it("loads the locale's data in a worker before the page makes its number formatter, and the worker ends", async () => {
    const { user } = await createUser();
    const listing = await insertListing(db(), user.id, { make: 'Toyota', model: 'Corolla', year: 2018 });
    const page = await newPage({ width: 375, height: 800 });
    // What the page does with workers and number formatters, in its own clock's order.
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { startLog: string[] }).startLog = log;
      const PageWorker = window.Worker;
      window.Worker = class extends PageWorker {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          log.push(`worker ${new URL(String(url), location.href).pathname.replace(/-[\w-]{8}\.js$/, '')}`);
          this.addEventListener('message', (e) => log.push(`message ${String(e.data)}`));
        }
      };
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
          if (!log.includes('formatter')) log.push('formatter');
          return Reflect.construct(target, args) as Intl.NumberFormat;
        },
      });
    });
    const workerClosed = new Promise<string>((resolve) => page.on('worker', (w) => w.on('close', () => resolve(new URL(w.url()).pathname))));
    await page.goto(`/listing/${listing.id}`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Toyota Corolla' }).waitFor();
    const log = await page.evaluate(() => (window as unknown as { startLog: string[] }).startLog);
    expect(log.slice(0, 3)).toEqual(['worker /assets/locale-worker', 'message ready', 'formatter']);
    expect(await workerClosed).toMatch(/^\/assets\/locale-worker-[\w-]{8}\.js$/);
    expectNoErrors(page);
  });

  it("a logged-in user's page loads the WebSocket link for its live updates", async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    const seen = requests(page);
    await page.goto('/');
    await page.getByTestId('user-menu').waitFor();
    await expect.poll(() => seen.filter((r) => r.type === 'script' && /ws-?link/i.test(r.url)).length, { timeout: 8000 }).toBe(1);
    expectNoErrors(page);
  });
});
