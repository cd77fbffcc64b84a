// Server-rendered public pages in a real browser (docs/decisions/019-server-rendering.md): each hydrates
// without a single recoverable error, links and filters work after it, a listing and a logged-in visitor's header are
// in the page before any script runs.
import { describe, expect, it } from 'vitest';
import { baseURL, createUser, expectNoErrors, insertCar, launchBrowser, loginAs, newPage, svgPhoto, type TestPage } from './support';

const hydrated = (page: TestPage) => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
/** The browser's own line for a page answered 404: expected on the 404 pages. */
const NOT_FOUND_LOAD = /Failed to load resource: the server responded with a status of 404/;

/** A context with JavaScript off: what a crawler, a link preview, or a visitor before the scripts have run sees. */
async function withoutScripts(cookie?: { id: number }) {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'nb-NO', viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  if (cookie) await loginAs(page, cookie);
  return { page, close: () => context.close() };
}

describe('server-rendered pages', () => {
  // One test per width: each loads every route once, and both widths in one test ran close to the test timeout on a
  // busy machine.
  it.each([1280, 375])('hydrate without a mismatch on every server-rendered route, %i px wide', async (width) => {
    const { user } = await createUser();
    const car = await insertCar(user.id, { make: 'Volvo', model: 'XC40 Hydrer', status: 'approved', photos: [svgPhoto('#335')] });
    const routes: [string, number][] = [
      ['/', 200],
      ['/annonser', 200],
      ['/annonser?make=Volvo&sort=price_asc', 200],
      [`/listing/${car.id}`, 200],
      ['/about', 200],
      ['/kontakt', 200],
      ['/personvern', 200],
      ['/vilkar', 200],
      ['/cookies', 200],
      ['/finnes-ikke', 404],
      ['/listing/99999999', 404],
    ];
    for (const [url, status] of routes) {
      const page = await newPage({ width });
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(status);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // A recoverable hydration error is logged as 'Hydration error' (src/client/main.tsx): none may occur.
      expectNoErrors(page, status === 404 ? [NOT_FOUND_LOAD] : []);
      await page.context().close();
    }
  });

  it('navigates in the browser after hydration: a header link and the search filters change the page without a reload', async () => {
    const { user } = await createUser();
    await insertCar(user.id, { make: 'Mazda', model: 'Etterhydrering', status: 'approved' });
    const page = await newPage();
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('banner').getByRole('link', { name: 'Kjøp bil' }).click();
    await page.waitForURL('**/annonser');
    await page.getByRole('searchbox', { name: 'Fritekstsøk' }).fill('Etterhydrering');
    await page.waitForURL((u) => u.searchParams.get('query') === 'Etterhydrering');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 bil');
    // Still the first document: the router navigated, the browser did not load a page.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expectNoErrors(page);
  });

  it('shows a listing with its price and mileage before any script runs', async () => {
    const { user } = await createUser();
    const car = await insertCar(user.id, { make: 'Skoda', model: 'Octavia Uten Skript', year: 2020, mileage: 87_500, price: 219_000, registrationFee: 0, status: 'approved' });
    const { page, close } = await withoutScripts();
    try {
      const res = await page.goto(`/listing/${car.id}`);
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { name: /Skoda Octavia Uten Skript/ }).waitFor();
      const text = (await page.locator('main').innerText()).replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain('219 000 kr');
      expect(text).toContain('87 500 km');
      expect((await page.title()).replace(/[\u00a0\u202f]/g, ' ')).toBe('Skoda Octavia Uten Skript 2020 – 219 000 kr – Bilpartner.no');
    } finally {
      await close();
    }
  });

  it('shows a logged-in visitor their own header in the first paint, before any script runs', async () => {
    const { user } = await createUser({ name: 'Siri Førstemaling' });
    const { page, close } = await withoutScripts(user);
    try {
      await page.goto('/');
      const banner = page.getByRole('banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('Siri');
      expect(await banner.getByRole('button', { name: 'Logg inn' }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
