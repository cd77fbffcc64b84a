import { describe, expect, it } from 'vitest';
import { createUser, db, expectNoErrors, loginAs, newPage, screenshot, type TestPage } from './support';
import { insertListing } from '../src/server/testing/listing-factory';

// The service worker, the persisted query cache and the toasts (docs/decisions/012-offline-and-caching.md). The e2e
// server runs the production build, so public/sw.js registers as it does for users.

const TAG = `o${Date.now().toString(36).slice(-6)}`;

/** The name of the shell cache of the worker now in control, once it controls the page. */
async function controlledShell(page: TestPage) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  return page.evaluate(() => `bp-shell-${new URL(navigator.serviceWorker.controller!.scriptURL).searchParams.get('v')}`);
}

/** Waits until every built file this page loaded is in the worker's shell cache (polls the list of missing ones). */
async function waitForOfflineReady(page: TestPage) {
  const shell = await controlledShell(page);
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          const cache = await caches.open(name);
          const have = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
          const loaded = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
            .map((u) => u.pathname);
          return ['/', ...loaded].filter((p) => !have.has(p));
        }, shell),
      { timeout: 15_000 },
    )
    .toEqual([]);
}

describe('offline', () => {
  it('a page seen before opens offline, with its listings and "Du er frakoblet"', async () => {
    const { user: seller } = await createUser({ name: `Selma ${TAG}` });
    insertListing(db(), seller.id, { make: 'Volvo', model: `V60 ${TAG}`, price: 199_000 });
    insertListing(db(), seller.id, { make: 'Toyota', model: `Corolla ${TAG}`, price: 149_000 });

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

  // Skipped: flaky (it failed 1 of 3 clean CI runs). The test fakes the next build by registering another sw.js version
  // while the server still serves the old bundle, so after the reload the old page registers its own worker again and
  // the two race; a real deploy serves the new bundle. Issue 12 keeps this test to be rebuilt on two real builds.
  it.skip('a new build\'s service worker replaces the old one: the open tab reloads once and the old caches go', async () => {
    const page = await newPage();
    await page.goto('/');
    const shell = await controlledShell(page);
    // A marker in this build's cache: it is gone once that cache has been deleted.
    await page.evaluate(async (name) => (await caches.open(name)).put('/__marker', new Response('old')), shell);
    await page.evaluate(() => ((window as unknown as { __old: boolean }).__old = true));
    let loads = 0;
    page.on('load', () => (loads += 1));

    // A deploy: the worker of another build registers (as a tab opened after the deploy would register it).
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=next-build', { updateViaCache: 'none' }));

    // The old tab reloads (its page state is gone) ...
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __old?: boolean }).__old)), { timeout: 15_000 }).toBe(false);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // ... and its own build's worker then takes over again, on fresh caches: one shell cache, the old one deleted.
    const state = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const v = (w?: ServiceWorker | null) => (w ? `${new URL(w.scriptURL).search} ${w.state}` : '-');
        return `controller ${v(navigator.serviceWorker.controller)}; installing ${v(reg?.installing)}; waiting ${v(reg?.waiting)}; active ${v(reg?.active)}; caches ${(await caches.keys()).join(',')}`;
      });
    await expect
      .poll(() => page.evaluate(() => caches.keys().then((names) => names.filter((n) => n.startsWith('bp-shell-')))), { timeout: 40_000 })
      .toEqual([shell])
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await state()}`);
      });
    await expect.poll(() => page.evaluate((name) => caches.open(name).then((c) => c.match('/__marker')).then(Boolean), shell)).toBe(false);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain(shell.replace('bp-shell-', 'v='));
    // No reload loop.
    await new Promise((r) => setTimeout(r, 1500));
    expect(loads).toBe(1);
    expectNoErrors(page);
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
    insertListing(db(), seller.id, { make: 'Volkswagen', model: `Golf ${TAG}i` });
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
    const listing = insertListing(db(), seller.id, { make: 'Skoda', model: `Octavia ${TAG}` });
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
