// What the home page leaves out of its first load (docs/decisions/010-compression-and-bundle.md) still works when it is
// needed: the header's menus load their machinery (Zag's menu, Floating UI) on the first intent, the trigger does not
// move when the menu takes over and mouse and keyboard open it as before; the registry lookup loads when its band
// comes near the screen. The home and search pages load no Zod.
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_BYTES } from '../scripts/lib/budgets';
import { createUser, expectNoErrors, insertCar, KNOWN_PLATE, loginAs, newPage, screenshot, scriptsRequested, svgPhoto } from './support';

/** The files an entry page's code may come in until it has hydrated: 11 when written, with room for a few more. */
const MAX_ENTRY_PAGE_SCRIPTS = 14;
/** A chunk this small can compress to no fewer bytes (its name is most of it). */
const TINY_SCRIPT_BYTES = 128;

describe('the first load on the wire', () => {
  it('a visitor on a phone receives the home page\'s JavaScript compressed, within the budget', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const scripts: Promise<{ path: string; wire: number; encoding: string | null }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          return { path: new URL(request.url()).pathname, wire: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? null };
        })(),
      );
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const received = await Promise.all(scripts);
    expect(received.length).toBeGreaterThan(0);
    // Every script came brotli-compressed from the build's precompressed copies, but for a chunk of a few dozen bytes
    // whose brotli copy would not be smaller (the build keeps no such copy, vite.config.ts precompress).
    expect(received.filter((s) => s.encoding !== 'br' && s.wire > TINY_SCRIPT_BYTES)).toEqual([]);
    const total = received.reduce((sum, s) => sum + s.wire, 0);
    // A first load grown past the budget (a heavy import on the home page) fails here.
    expect(total, received.map((s) => `${s.path} ${s.wire}`).join('\n')).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
    expect(total).toBeGreaterThan(50_000);
    expectNoErrors(page);
  });

  it('each entry page comes with its code in a few files, not dozens', async () => {
    // The build gathers what an entry page loads first in the start's stages and a chunk per set of entry pages
    // (scripts/lib/first-load-chunks.ts); the automatic split alone gave these pages 56–63 files.
    const { user } = await createUser();
    const listing = await insertCar(user.id, { photos: [svgPhoto('#3a6ea5')] });
    for (const path of ['/', '/annonser', `/listing/${listing.id}`]) {
      const page = await newPage({ width: 390, height: 844 });
      const scripts: string[] = [];
      page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
      await page.goto(path);
      // Hydrated (newPage's goto waits for it): what the page needed to become interactive has come.
      expect(await page.locator('html[data-hydrated]').count(), path).toBe(1);
      expect(scripts.length, `${path}:\n${scripts.join('\n')}`).toBeLessThanOrEqual(MAX_ENTRY_PAGE_SCRIPTS);
      expectNoErrors(page);
    }
  });
});

describe('what the entry pages leave out', () => {
  it('the home and search pages load no Zod: the schemas come with the forms that validate with them', async () => {
    for (const path of ['/', '/annonser']) {
      const page = await newPage({ width: 390, height: 844 });
      const scripts = scriptsRequested(page);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts('zod'), path).toEqual([]);
      expect(scripts('start'), path).toHaveLength(1);
      expectNoErrors(page);
    }
  });
});

describe('header menus', () => {
  it("'Mer' is not loaded with the page, opens from the keyboard and gives focus back on Escape, without moving", async () => {
    const page = await newPage();
    const scripts = scriptsRequested(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts('header-menu')).toEqual([]);

    const mer = page.getByRole('banner').getByRole('button', { name: 'Mer' });
    expect(await mer.getAttribute('aria-haspopup')).toBe('menu');
    const before = await mer.boundingBox();
    await mer.focus();
    await page.keyboard.press('Enter');
    const about = page.getByRole('menuitem', { name: 'Om oss' });
    await about.waitFor();
    expect(scripts('header-menu')).toHaveLength(1);
    expect(await mer.boundingBox()).toEqual(before);
    expect(await mer.getAttribute('aria-expanded')).toBe('true');
    // Focus is in the menu, so the arrow keys move through its items.
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);

    await page.keyboard.press('Escape');
    await about.waitFor({ state: 'hidden' });
    // Focus goes back to 'Mer' as the menu finishes closing, which may be a frame after its items are hidden.
    await expect.poll(() => mer.evaluate((el) => el === document.activeElement), { timeout: 2000 }).toBe(true);

    // From then on it is the ordinary menu: Arrow Down opens it again and a click on an item navigates.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Kontakt' }).click();
    await page.waitForURL('**/kontakt');
    expectNoErrors(page);
  });

  it('the user menu is not loaded with the page, opens at the first click with its count badges, without moving', async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    const scripts = scriptsRequested(page);
    await page.goto('/');
    const trigger = page.getByTestId('user-menu');
    await trigger.waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts('header-menu')).toEqual([]);
    const before = await trigger.boundingBox();

    await trigger.click();
    const item = page.getByRole('menuitem', { name: /^Varslinger/ });
    await item.waitFor();
    expect(await item.getByTestId('count-badge').innerText()).toMatch(/^0/);
    expect(await trigger.boundingBox()).toEqual(before);
    await page.getByRole('menuitem', { name: 'Logg ut' }).waitFor();
    await screenshot(page, 'header-user-menu-deferred');

    // A click outside closes it; the next click opens the same menu again.
    await page.mouse.click(10, 400);
    await item.waitFor({ state: 'hidden' });
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Min profil' }).click();
    await page.waitForURL('**/profil');
    expectNoErrors(page);
  });
});

describe('home page registry lookup', () => {
  it('loads when its band comes near the screen on a phone, and a plate found opens the prefilled form', async () => {
    const { user } = await createUser();
    const page = await newPage({ width: 375, height: 740 });
    await loginAs(page, user);
    const scripts = scriptsRequested(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts('vehicle-lookup')).toEqual([]);
    expect(await page.getByRole('button', { name: 'Hent bildata' }).count()).toBe(0);

    await page.getByRole('heading', { name: 'Hent bildata automatisk' }).scrollIntoViewIfNeeded();
    const plate = page.getByRole('textbox', { name: 'Registreringsnummer' });
    await plate.fill(KNOWN_PLATE);
    expect(scripts('vehicle-lookup')).toHaveLength(1);
    await page.getByRole('button', { name: 'Hent bildata' }).click();
    await page.waitForURL('**/ny-annonse?**');
    await page.getByTestId('listing-form').waitFor();
    expectNoErrors(page);
  });
});
