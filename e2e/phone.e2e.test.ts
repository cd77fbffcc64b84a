// On a phone and on a keyboard: the listing page's key facts under the title at 375 px, whole photos in
// the gallery and its arrow keys without full screen, the first photo loaded eagerly; 'Lagre annonse' and 'Start
// chat' completing after the login they asked for; failures shown at the field they belong to (the login dialog,
// the registration-number lookup) and no toast over a dialog's controls. docs/product/screens.md, errors.md.
import { and, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedListings } from '../db/schema';
import { createUser, db, expectNoErrors, expectToast, insertCar, loginAs, newPage, screenshot, svgPhoto, UNKNOWN_PLATE, type TestPage } from './support';

const TAG = `p${Date.now().toString(36)}`;
// The keyless Google map frame cannot load without internet; a wrong password is a 401 the browser logs.
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/i];
const PHONE = { width: 375, height: 667 };

/** Ordinary phone photos: 4:3, 1600×1200, numbered to tell them apart. */
const photo = (color: string, n: number) => svgPhoto(color, { n, width: 1600, height: 1200 });

let seller: { id: number };
let car: { id: number };
beforeAll(async () => {
  seller = (await createUser({ name: 'Sigve Selger' })).user;
  car = await insertCar(seller.id, {
    make: 'Skoda',
    model: `Octavia ${TAG}`,
    year: 2019,
    fuelType: 'diesel',
    transmission: 'automat',
    mileage: 123_456,
    power: 150,
    description: `Godt vedlikeholdt (${TAG}).`,
    place: 'Bergen',
    price: 189_000,
    photos: [photo('#1d4ed8', 1), photo('#15803d', 2), photo('#b91c1c', 3)],
  });
});

async function openListing(page: TestPage, id = car.id) {
  await page.goto(`/listing/${id}`);
  await page.getByRole('heading', { level: 1, name: /Skoda Octavia/ }).waitFor();
}

const top = async (l: Locator) => (await l.boundingBox())!.y;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails if the visible toast covers any button, field or link of the open dialog, where it is and scrolled to its end. */
async function expectToastClearOfDialog(page: TestPage, dialog: Locator) {
  const toast = page.getByTestId('toast').first();
  await toast.waitFor();
  const covered: string[] = [];
  const check = async () => {
    const t = (await toast.boundingBox())!;
    const controls = dialog.locator('button, input, select, textarea, a');
    for (let i = 0; i < (await controls.count()); i += 1) {
      const c = controls.nth(i);
      const box = await c.boundingBox();
      if (box && box.width > 0 && overlaps(t, box)) covered.push((await c.getAttribute('aria-label')) || (await c.getAttribute('name')) || (await c.innerText()));
    }
  };
  await check();
  await dialog.evaluate((el) => el.closest('[data-scope="dialog"][data-part="positioner"]')?.scrollTo(0, 1e6));
  await check();
  expect(covered).toEqual([]);
}

describe('the listing page on a phone', () => {
  it('shows year, mileage, gearbox, fuel and power right under the title, above the gallery and the price', async () => {
    const page = await newPage(PHONE);
    await openListing(page);
    const facts = page.getByTestId('key-facts');
    await expect(facts.innerText()).resolves.toMatch(/2019[\s\S]*123\s456\skm[\s\S]*Automat[\s\S]*Diesel[\s\S]*150\shk/);
    // On the first screen, before the gallery and the price box (which used to push the mileage far down).
    const mileage = facts.getByText(/123\s456\skm/);
    expect(await top(mileage)).toBeLessThan(PHONE.height / 2);
    expect(await top(facts)).toBeLessThan(await top(page.getByRole('region', { name: /Bilder av/ })));
    expect(await top(facts)).toBeLessThan(await top(page.getByTestId('total-price')));
    // Screen readers hear each value with its label.
    await expect(facts.locator('dt').allInnerTexts()).resolves.toEqual(['Årsmodell', 'Kilometerstand', 'Girkasse', 'Drivstoff', 'Effekt']);
    await screenshot(page, 'phone-listing-375');
    expectNoErrors(page, IGNORE);
  });

  it('shows the whole 4:3 photo (not cropped) on a neutral background, and loads the first photo eagerly', async () => {
    for (const width of [375, 1280]) {
      const page = await newPage({ width, height: width === 375 ? 667 : 900 });
      await openListing(page);
      const img = page.getByRole('img', { name: /bilde 1 av 3/ });
      await img.waitFor();
      expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
      // The LCP image: never lazy, fetched first.
      expect(await img.getAttribute('loading')).toBe('eager');
      expect(await img.getAttribute('fetchpriority')).toBe('high');
      // The photo drawn in full: at 16:10 (desktop) it is letterboxed, never wider than its box allows.
      const { boxW, boxH, natW, natH } = await img.evaluate((el: HTMLImageElement) => ({
        boxW: el.clientWidth,
        boxH: el.clientHeight,
        natW: el.naturalWidth,
        natH: el.naturalHeight,
      }));
      expect(natW / natH).toBeCloseTo(4 / 3, 2);
      const drawnW = Math.min(boxW, (boxH * natW) / natH);
      const drawnH = (drawnW * natH) / natW;
      expect(drawnH).toBeLessThanOrEqual(boxH + 0.5);
      expect(drawnW).toBeLessThanOrEqual(boxW + 0.5);
      if (width === 1280) await screenshot(page, 'phone-listing-1280');
      expectNoErrors(page, IGNORE);
    }
  });

  it('steps through the photos with ← and → once the gallery has focus, without opening full screen', async () => {
    const page = await newPage();
    await openListing(page);
    const counter = page.getByTestId('gallery-counter');
    await expect(counter.innerText()).resolves.toBe('1 / 3');
    // Reached with Tab like any control; here focused directly.
    await page.getByRole('region', { name: /Bilder av/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter.innerText()).resolves.toBe('2 / 3');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter.innerText()).resolves.toBe('3 / 3');
    await page.getByRole('img', { name: /bilde 3 av 3/ }).waitFor();
    expect(await page.getByTestId('lightbox').count()).toBe(0);
    // From a thumbnail inside the gallery too (clicking it shows photo 1 and leaves focus on it).
    await page.getByRole('button', { name: 'Vis bilde 1' }).click();
    await expect(counter.innerText()).resolves.toBe('1 / 3');
    await page.keyboard.press('ArrowRight');
    await expect(counter.innerText()).resolves.toBe('2 / 3');
    expectNoErrors(page, IGNORE);
  });
});

describe('an action that asked for a login completes after it', () => {
  async function logInThroughDialog(page: TestPage, username: string, password: string) {
    const dialog = page.getByTestId('login-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Brukernavn').fill(username);
    await dialog.getByLabel('Passord').fill(password);
    // The dialog reloads the page after the login (docs/product/screens.md).
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Logg inn', exact: true }).click()]);
  }

  it("'Lagre annonse' saves the listing after logging in (375 px)", async () => {
    const { user, password } = await createUser();
    const page = await newPage(PHONE);
    await openListing(page);
    await page.getByTestId('save-listing').click();
    await logInThroughDialog(page, user.username, password);
    const save = page.getByTestId('save-listing');
    await page.waitForFunction(() => document.querySelector('[data-testid="save-listing"]')?.getAttribute('aria-pressed') === 'true');
    await expect(save.innerText()).resolves.toContain('Lagret');
    await expectToast(page, 'Annonse lagret');
    const rows = db().select().from(savedListings).where(and(eq(savedListings.userId, user.id), eq(savedListings.listingId, car.id))).all();
    expect(rows).toHaveLength(1);
    // Once: a further reload does not repeat it (it would toggle nothing, but no second toast either).
    await page.reload();
    await page.getByTestId('save-listing').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText('Annonse lagret', { exact: true }).count()).toBe(0);
    expectNoErrors(page, IGNORE);
  });

  it("'Start chat' goes on to the new chat with the seller after logging in", async () => {
    const { user, password } = await createUser();
    const page = await newPage(PHONE);
    await openListing(page);
    await page.getByRole('button', { name: 'Start chat' }).first().click();
    await logInThroughDialog(page, user.username, password);
    await page.waitForURL((url) => url.pathname === '/chats' && url.searchParams.get('startChat') === 'true', { waitUntil: 'commit' });
    // The new-chat mode about this car and its seller, ready for the first message.
    await page.getByText('Start ny chat').waitFor();
    await page.getByText(`Skoda Octavia ${TAG}`).waitFor();
    await page.getByText(/Selger: Sigve/).waitFor();
    await page.getByPlaceholder('Skriv en melding...').waitFor();
    expectNoErrors(page, IGNORE);
  });

  it('forgets the action when the dialog is closed without logging in', async () => {
    const { user, password } = await createUser();
    const page = await newPage(PHONE);
    await openListing(page);
    await page.getByTestId('save-listing').click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Lukk' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A later login from the header is just a login.
    await page.getByRole('banner').getByRole('button', { name: 'Logg inn', exact: true }).click();
    await logInThroughDialog(page, user.username, password);
    await page.getByTestId('save-listing').waitFor();
    await page.waitForTimeout(800);
    expect(await page.getByTestId('save-listing').getAttribute('aria-pressed')).toBe('false');
    expect(db().select().from(savedListings).where(eq(savedListings.userId, user.id)).all()).toHaveLength(0);
    expectNoErrors(page, IGNORE);
  });
});

describe('errors at the field they belong to', () => {
  it('a wrong password shows under the fields of the login dialog, and the toast covers none of its controls (375 px)', async () => {
    const { user } = await createUser();
    const page = await newPage(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByLabel('Brukernavn').fill(user.username);
    await dialog.getByLabel('Passord').fill('feil-passord');
    await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
    const error = dialog.getByTestId('form-error');
    await expect(error.innerText()).resolves.toContain('Feil brukernavn eller passord.');
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await top(error)).toBeGreaterThan(await top(dialog.getByLabel('Passord')));
    await expectToast(page, 'Innlogging feilet', 'Feil brukernavn eller passord.');
    await expectToastClearOfDialog(page, dialog);
    await screenshot(page, 'phone-login-error-375');
    // Typing again and submitting clears the old message on the way.
    await dialog.getByLabel('Passord').fill('hemmelig123');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Logg inn', exact: true }).click()]);
    expectNoErrors(page, [...IGNORE, /401/]);
  });

  it('a taken username at registration: the toast covers none of the long form’s controls (375 px)', async () => {
    const { user } = await createUser();
    const page = await newPage(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByRole('tab', { name: 'Opprett konto' }).click();
    const form = dialog.getByRole('tabpanel', { name: 'Opprett konto' });
    await form.getByLabel('Brukernavn').fill(user.username);
    await form.getByLabel('Passord').fill('hemmelig123');
    await form.getByLabel('Fullt navn').fill('Ola Nordmann');
    await form.getByLabel('E-post').fill(`ola.${TAG}@example.no`);
    await form.getByLabel('Telefonnummer').fill('98765432');
    await form.getByRole('button', { name: 'Opprett konto' }).click();
    await expectToast(page, 'Registrering feilet');
    await expectToastClearOfDialog(page, dialog);
    expectNoErrors(page, [...IGNORE, /409|400/]);
  });

  it('a failed registry lookup says so at the input, with the hint to fill the form in by hand', async () => {
    const { user } = await createUser();
    const page = await newPage({ ...PHONE, serviceWorkers: 'block' });
    await loginAs(page, user);
    await page.goto('/ny-annonse');
    await page.getByTestId('listing-form').waitFor();
    const plateError = page.getByTestId('plate-error');

    await page.getByTestId('plate-input').fill(UNKNOWN_PLATE);
    await page.getByRole('button', { name: 'Hent bildata' }).click();
    await expect(plateError.innerText()).resolves.toBe('Ingen bildata funnet for dette registreringsnummeret. Du kan også fylle ut skjemaet selv.');
    await expectToast(page, 'Feil ved henting av bildata', 'Ingen bildata funnet for dette registreringsnummeret.');
    expect(await top(plateError)).toBeGreaterThan(await top(page.getByTestId('plate-input')));

    // Typing a new plate clears it.
    await page.getByTestId('plate-input').fill('CD12345');
    expect(await plateError.count()).toBe(0);

    // The lookup failing without a message of its own (a proxy's 503 page): the generic text, with the same hint.
    await page.route('**/trpc/vehicle.lookup**', (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503</h1>' }));
    await page.getByRole('button', { name: 'Hent bildata' }).click();
    await expect(plateError.innerText()).resolves.toBe('Kunne ikke hente bildata. Prøv igjen senere. Du kan også fylle ut skjemaet selv.');
    await screenshot(page, 'phone-lookup-error-375');
    expectNoErrors(page, [...IGNORE, /404|503/]);
  });

  it('on the home page the hint links to the form', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    // The home page loads its lookup when its band comes near the screen.
    await page.getByRole('heading', { name: 'Hent bildata automatisk' }).scrollIntoViewIfNeeded();
    await page.getByTestId('plate-input').fill(UNKNOWN_PLATE);
    await page.getByRole('button', { name: 'Hent bildata' }).click();
    const link = page.getByTestId('plate-error').getByRole('link', { name: 'Du kan også fylle ut skjemaet selv.' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/ny-annonse');
    expectNoErrors(page, [...IGNORE, /404/]);
  });
});
