// Selling: the create form with the registry lookup and photo uploads, my listings, edit.
// docs/product/screens.md#ny-annonse, /mine-annonser, /rediger-annonse/{id}; docs/product/validation.md rules; docs/product/errors.md toasts.
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listingImages, listings } from '../db/schema';
import { createUser, db, expectNoErrors, expectToast, KNOWN_PLATE, loginAs, newPage, UNKNOWN_PLATE, type TestPage } from './support';

/** A real JPEG the server's image processing accepts (a flat colour with a darker band, like a car on a road). */
async function photo(name: string, rgb: [number, number, number]) {
  const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .composite([{ input: { create: { width: 900, height: 150, channels: 3, background: { r: 40, g: 40, b: 40 } } }, top: 400, left: 0 }])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function openCreateForm(page: TestPage) {
  await page.goto('/ny-annonse');
  await page.getByRole('heading', { name: 'Opprett annonse' }).waitFor();
  await page.getByTestId('listing-form').waitFor();
}

async function lookUp(page: TestPage, plate: string) {
  await page.getByTestId('plate-input').fill(plate);
  await page.getByRole('button', { name: 'Hent bildata' }).click();
}

/** A text field by its label (exact: 'Modell' must not find 'Årsmodell'; the required '*' is aria-hidden). */
const textbox = (page: TestPage, name: string) => page.getByRole('textbox', { name, exact: true });

const doneTiles = (page: TestPage) => page.locator('[data-testid="photo-tile"][data-status="done"]');

describe('create listing', () => {
  it('looks up a plate, uploads two photos, submits and lands on Mine annonser with Til kontroll', async () => {
    const { user } = await createUser({ address: 'Storgata 12, 0155 OSLO' });
    const page = await newPage();
    await loginAs(page, user);
    await openCreateForm(page);

    // Registry lookup fills the car (the fixture is a 2017 Volkswagen Golf).
    await lookUp(page, 'ab 12345');
    await expectToast(page, 'Bildata hentet');
    await expect.poll(() => textbox(page, 'Merke').inputValue()).toBe('Volkswagen');
    expect(await textbox(page, 'Modell').inputValue()).toBe('Golf');
    expect(await textbox(page, 'Årsmodell').inputValue()).toBe('2017');
    expect(await page.getByTestId('plate-input').inputValue()).toBe(KNOWN_PLATE);

    // Two photos upload with progress; submit waits for them.
    await page.getByTestId('photo-input').setInputFiles([await photo('front.jpg', [26, 103, 176]), await photo('side.jpg', [234, 99, 22])]);
    await doneTiles(page).nth(1).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('photo-tile').count()).toBe(2);
    await page.getByTestId('photo-tile').first().getByText('Forsidebilde').waitFor();
    // Keyboard/touch reorder: the second photo becomes the cover.
    await page.getByRole('button', { name: 'Flytt bilde 2 til venstre' }).click();
    await page.getByRole('img', { name: /Bilde 1 \(side\.jpg\)/ }).waitFor();

    // Price + fee = total, live and read-only.
    await textbox(page, 'Pris').fill('215 000');
    await page.getByLabel('Omregistreringsavgift').fill('6500');
    await expect.poll(() => page.getByTestId('total-price').inputValue()).toBe('221\u00a0500\u00a0kr');
    await page.getByText('Fulgt servicehåndbok').click();
    await page.getByText('Ryggekamera').click();
    expect(await page.getByTestId('address-input').inputValue()).toBe('Storgata 12, 0155 OSLO');

    await page.getByTestId('listing-submit').click();
    await expectToast(page, 'Annonse opprettet');
    await page.waitForURL('**/mine-annonser');
    const card = page.getByTestId('my-listing-card').filter({ hasText: 'Volkswagen Golf' });
    await card.waitFor();
    await card.getByText('Til kontroll').waitFor();
    await card.getByText('221\u00a0500\u00a0kr').waitFor();
    // No Aktiv/Inaktiv badge and no toggle before approval (docs/product/states.md).
    expect(await card.getByTestId('active-badge').count()).toBe(0);

    const [row] = await db().select().from(listings).where(eq(listings.userId, user.id));
    expect(row).toMatchObject({
      registrationNumber: KNOWN_PLATE,
      make: 'Volkswagen',
      price: 215000,
      registrationFee: 6500,
      totalPrice: 221500,
      serviceHistory: true,
      // The service book travels in equipment too, so what a client sends comes back (docs/product/data.md).
      equipment: ['Ryggekamera', 'Fulgt servicehåndbok'],
      status: 'pending',
    });
    const imgs = await db().select().from(listingImages).where(eq(listingImages.listingId, row.id)).orderBy(asc(listingImages.position));
    expect(imgs).toHaveLength(2);
    expectNoErrors(page);
  });

  it('shows the documented toasts for a missing plate, a bad format and an unknown plate', async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    await openCreateForm(page);

    await page.getByRole('button', { name: 'Hent bildata' }).click();
    await expectToast(page, 'Manglende registreringsnummer', 'Vennligst skriv inn registreringsnummer.');

    await lookUp(page, 'A1234');
    await expectToast(page, 'Ugyldig format', 'Registreringsnummer må være i formatet to store bokstaver etterfulgt av fem tall, f.eks. AB12345.');

    await lookUp(page, UNKNOWN_PLATE);
    await expectToast(page, 'Feil ved henting av bildata', 'Ingen bildata funnet for dette registreringsnummeret.');
    // The registry answers 404 for an unknown plate: the browser logs that request.
    expectNoErrors(page, [/404/]);
  });

  it('refuses to submit without required fields or a price, with inline errors', async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    await openCreateForm(page);

    await page.getByTestId('listing-submit').click();
    await expectToast(page, 'Manglende informasjon', 'Vennligst fyll inn alle obligatoriske felt.');
    expect(await page.getByText('Feltet er påkrevd.').count()).toBeGreaterThanOrEqual(4);

    await page.getByTestId('plate-input').fill('EL98765');
    await textbox(page, 'Merke').fill('Tesla');
    await textbox(page, 'Modell').fill('Model 3');
    await textbox(page, 'Årsmodell').fill('2021');
    await page.getByTestId('listing-submit').click();
    await expectToast(page, 'Ugyldig pris', 'Vennligst angi en gyldig pris.');
    expect(await db().select().from(listings).where(eq(listings.userId, user.id))).toHaveLength(0);
    expectNoErrors(page);
  });

  it("refuses a file that isn't an image", async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    await openCreateForm(page);
    await page.getByTestId('photo-input').setInputFiles([{ name: 'notater.txt', mimeType: 'text/plain', buffer: Buffer.from('ikke et bilde') }]);
    await expectToast(page, 'Ugyldig filtype', 'Kun bildefiler er tillatt.');
    expect(await page.getByTestId('photo-tile').count()).toBe(0);
  });

  it('prefills from the vehicle parameter the home page lookup sends', async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    const vehicle = { registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf', year: 2017, fuelType: 'diesel', nextInspection: '06.06.2027' };
    await page.goto(`/ny-annonse?vehicle=${encodeURIComponent(JSON.stringify(vehicle))}`);
    await page.getByTestId('listing-form').waitFor();
    await expect.poll(() => textbox(page, 'Merke').inputValue()).toBe('Volkswagen');
    expect(await textbox(page, 'Årsmodell').inputValue()).toBe('2017');
    expect(await page.getByLabel('Drivstoff').inputValue()).toBe('diesel');
    expect(await page.getByLabel('Neste EU-kontroll').inputValue()).toBe('2027-06-06');
    expect(await page.getByTestId('plate-input').inputValue()).toBe('AB12345');
  });

  it('asks a visitor to log in', async () => {
    const page = await newPage();
    await page.goto('/ny-annonse');
    await page.getByText('Logg inn for å opprette annonse').waitFor();
    await page.getByRole('button', { name: /Logg inn eller opprett konto/ }).click();
    await page.getByRole('dialog').getByText('Logg inn eller opprett konto').waitFor();
  });
});

describe('my listings and edit', () => {
  /** Creates a listing through the API as the page's user (the same procedure the form calls). */
  async function createListing(page: TestPage, over: Record<string, unknown> = {}) {
    const res = await page.request.post('/api/listings', {
      data: {
        registrationNumber: 'CD54321',
        make: 'Toyota',
        model: 'Corolla',
        year: 2019,
        price: 189000,
        registrationFee: 3200,
        address: 'Kongens gate 1, 7011 TRONDHEIM',
        ...over,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number };
  }

  it('edits a listing: prefilled form, new price, toast and back to Mine annonser', async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    const { id } = await createListing(page);

    await page.goto('/mine-annonser');
    await page.getByRole('heading', { name: /Mine annonser/ }).waitFor();
    await page.getByText('(1)').waitFor();
    await page.getByRole('link', { name: 'Rediger' }).click();
    await page.waitForURL(`**/rediger-annonse/${id}`);
    await page.getByRole('heading', { name: 'Rediger annonse' }).waitFor();
    await expect.poll(() => textbox(page, 'Merke').inputValue()).toBe('Toyota');
    await textbox(page, 'Pris').fill('179000');
    await page.getByRole('button', { name: 'Lagre endringer' }).click();
    await expectToast(page, 'Annonse oppdatert');
    await page.waitForURL('**/mine-annonser');
    await page.getByText('182\u00a0200\u00a0kr').waitFor();
    expectNoErrors(page);
  });

  it('toggles an approved listing and deletes after the confirmation', async () => {
    const { user } = await createUser();
    const page = await newPage();
    await loginAs(page, user);
    const { id } = await createListing(page);
    await db().update(listings).set({ status: 'approved' }).where(eq(listings.id, id));

    await page.goto('/mine-annonser');
    const card = page.getByTestId('my-listing-card').first();
    await card.getByText('Godkjent').waitFor();
    await card.getByText('Aktiv', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Deaktiver' }).click();
    await expectToast(page, 'Annonse deaktivert', 'skjult fra søkeresultater');
    await card.getByText('Inaktiv', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Aktiver' }).click();
    await expectToast(page, 'Annonse aktivert', 'synlig for kjøpere');

    await card.getByRole('button', { name: 'Slett permanent' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Er du sikker på at du vil slette denne annonsen permanent? Dette kan ikke angres.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Slett permanent' }).click();
    await expectToast(page, 'Annonse slettet', 'Annonsen er permanent fjernet.');
    await page.getByText('Opprett din første annonse').waitFor();
    expect(await db().select().from(listings).where(eq(listings.id, id))).toHaveLength(0);
    expectNoErrors(page);
  });

  it('shows Annonse ikke funnet for a listing that is not yours', async () => {
    const { user: owner } = await createUser();
    const ownerPage = await newPage();
    await loginAs(ownerPage, owner);
    const { id } = await createListing(ownerPage);

    const { user: other } = await createUser();
    const page = await newPage();
    await loginAs(page, other);
    await page.goto(`/rediger-annonse/${id}`);
    await page.getByText('Annonse ikke funnet').waitFor();
    await page.getByText('Annonsen eksisterer ikke eller du har ikke tilgang til den.').waitFor();
  });

  it('asks a visitor to log in on Mine annonser', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await page.goto('/mine-annonser');
    await page.getByText('Logg inn påkrevd').waitFor();
  });
});
