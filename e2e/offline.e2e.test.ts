import { describe, expect, it } from 'vitest';
import { createUser, db, expectNoErrors, loginAs, newPage, screenshot } from './support';
import { waitForOfflineReady } from './service-worker-support';
import { insertListing } from '../src/server/testing/listing-factory';

// The service worker, the persisted query cache and the toasts (docs/decisions/012-offline-and-caching.md). The e2e
// server runs the production build, so public/sw.js registers as it does for users. A new build's worker taking over
// is tested on two real builds in e2e/service-worker.e2e.test.ts.

const TAG = `o${Date.now().toString(36).slice(-6)}`;

describe('offline', () => {
  it('a page seen before opens offline, with its listings and "Du er frakoblet"', async () => {
    const { user: seller } = await createUser({ name: `Selma ${TAG}` });
    await insertListing(db(), seller.id, { make: 'Volvo', model: `V60 ${TAG}`, price: 199_000 });
    await insertListing(db(), seller.id, { make: 'Toyota', model: `Corolla ${TAG}`, price: 149_000 });

    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`/annonser?query=${TAG}`);
    await page.getByText(`V60 ${TAG}`).first().waitFor();
    await page.getByText(`Corolla ${TAG}`).first().waitFor();
    await expect(page.getByTestId('offline-banner').count()).resolves.toBe(0);
    await waitForOfflineReady(page);
    // The listings are stored (throttled by a second) before the network goes.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('bp-query-cache') ?? ''), { timeout: 5000 }).toContain(`V60 ${TAG}`);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Du er frakoblet').waitFor();
    await page.getByText(`V60 ${TAG}`).first().waitFor();
    await page.getByText(`Corolla ${TAG}`).first().waitFor();
    await screenshot(page, 'offline-375');

    // Back online: the banner goes.
    await page.context().setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });
});

describe('install', () => {
  it('the web app manifest names PNG icons of 192 and 512 px (one maskable) that load', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href!)).json()) as { start_url: string; display: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of [...pngs, { src: '/apple-touch-icon.png' }]) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  });
});

describe('freshness', () => {
  it('a write invalidates the listing list: a listing deactivated on "Mine annonser" is gone from the home page at once', async () => {
    const { user: seller } = await createUser({ name: `Selma ${TAG}` });
    await insertListing(db(), seller.id, { make: 'Volkswagen', model: `Golf ${TAG}i` });
    const page = await newPage();
    await loginAs(page, seller);
    await page.goto('/');
    await page.getByText(`Golf ${TAG}i`).first().waitFor();
    // From here on the app is not reloaded: the home list (fresh for 30 s) stays in the query cache.
    await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));

    // Through the user menu (tried again if a click lands while the menu is still opening).
    for (let attempt = 0; attempt < 3 && !page.url().endsWith('/mine-annonser'); attempt += 1) {
      if (!(await page.getByRole('menuitem', { name: 'Mine annonser' }).isVisible())) await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Mine annonser' }).click();
      await page.waitForURL('**/mine-annonser', { timeout: 3000 }).catch(() => {});
    }
    await page.getByRole('button', { name: 'Deaktiver' }).click();
    await page.getByRole('button', { name: 'Aktiver' }).waitFor();

    await page.locator('header a[href="/"]').first().click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByText(`Golf ${TAG}i`).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBe(true);
    expectNoErrors(page);
  });
});

describe('toasts', () => {
  it('only one toast is ever visible, the newest', async () => {
    const { user: seller } = await createUser({ name: `Selma ${TAG}` });
    const listing = await insertListing(db(), seller.id, { make: 'Skoda', model: `Octavia ${TAG}` });
    const { user } = await createUser();
    const page = await newPage({ width: 375, height: 800 });
    await loginAs(page, user);
    await page.goto(`/listing/${listing.id}`);
    // Logged in as far as the page knows (a click before the session check answered would open the login dialog).
    await page.getByTestId('user-menu').waitFor();
    await page.getByRole('button', { name: 'Lagre annonse' }).first().waitFor();
    // Counts the toasts on screen at every frame.
    await page.evaluate(() => {
      const w = window as unknown as { __maxToasts: number };
      w.__maxToasts = 0;
      const tick = () => {
        w.__maxToasts = Math.max(w.__maxToasts, document.querySelectorAll('[data-testid="toast"]').length);
        requestAnimationFrame(tick);
      };
      tick();
    });
    for (const [button, title] of [
      ['Lagre annonse', 'Annonse lagret'],
      ['Lagret', 'Lagring fjernet'],
      ['Lagre annonse', 'Annonse lagret'],
    ]) {
      await page.getByRole('button', { name: button, exact: true }).first().click();
      await page.getByTestId('toast').getByText(title, { exact: true }).waitFor();
    }
    await expect(page.getByTestId('toast').count()).resolves.toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __maxToasts: number }).__maxToasts)).toBe(1);
    expectNoErrors(page);
  });
});
