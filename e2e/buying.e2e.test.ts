// Buyer journeys (docs/product/screens.md): home quick search → results, live filters and reset, the listing page's
// price and gallery, saving a listing and finding it under /lagrede-annonser. Listings are inserted straight into the
// test database; every model name carries a per-run tag so other tests' data never changes what we assert.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../db/schema';
import { createUser, expectNoErrors, expectToast, insertCar, loginAs, newPage, svgPhoto, type TestPage } from './support';

const TAG = `x${Date.now().toString(36)}`;
// The keyless Google map frame cannot load without internet; that is not this page's error.
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/i];

/** This file's cars: a Golf with the run's tag unless a test says otherwise. */
const car = (userId: number, o: Parameters<typeof insertCar>[1] = {}) =>
  insertCar(userId, { model: `Golf ${TAG}`, description: `Pent brukt bil (${TAG}).`, price: 150_000, ...o });

let toyota: Listing;
let golf: { id: number };
let tesla: { id: number };

beforeAll(async () => {
  const { user: seller } = await createUser({ name: 'Selger Selgersen' });
  toyota = await car(seller.id, {
    make: 'Toyota',
    model: `Corolla ${TAG}`,
    year: 2017,
    fuelType: 'hybrid',
    transmission: 'automat',
    price: 208_300,
    registrationFee: 6_700,
    address: 'Storgata 12, 0155 OSLO',
    equipment: ['Cruisekontroll', 'Ryggekamera'],
    serviceHistory: true,
    description: `Første linje.\nAndre linje <b>ikke html</b> (${TAG}).`,
    photos: [svgPhoto('#0b4f8a', { n: 1 }), svgPhoto('#ea6316', { n: 2 }), svgPhoto('#2f855a', { n: 3 })],
  });
  golf = await car(seller.id, { make: 'Volkswagen', model: `Golf ${TAG}`, year: 2016, price: 140_000 });
  tesla = await car(seller.id, {
    make: 'Tesla',
    model: `Model 3 ${TAG}`,
    year: 2021,
    fuelType: 'el',
    transmission: 'automat',
    price: 320_000,
  });
});

const card = (page: TestPage, model: string) => page.getByRole('article').filter({ hasText: model });

async function noHorizontalScroll(page: TestPage) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('buying', () => {
  it('the home quick search lands on the filtered results', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Nylig publiserte biler' }).waitFor();
    await page.getByRole('link', { name: /Se alle biler/ }).waitFor();
    await page.getByLabel('Merke').selectOption('toyota');
    await page.getByLabel('Prisklasse').selectOption('100000-300000');
    await page.getByLabel('Årsmodell').selectOption('2015-2019');
    await page.getByRole('button', { name: 'Søk biler' }).click();

    await page.waitForURL(/\/annonser\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      make: 'toyota',
      priceMin: '100000',
      priceMax: '300000',
      yearMin: '2015',
      yearMax: '2019',
    });
    await page.getByRole('heading', { name: 'Søk biler' }).waitFor();
    await card(page, `Corolla ${TAG}`).waitFor();
    expect(await card(page, `Golf ${TAG}`).count()).toBe(0);
    expect(await card(page, `Model 3 ${TAG}`).count()).toBe(0);
    // The panel shows what the URL says.
    expect(await page.getByLabel('Merke').inputValue()).toBe('Toyota');
    expect(await page.getByLabel('Pris fra').inputValue()).toBe('100000');
    expectNoErrors(page, IGNORE);
  });

  it('filters narrow the results live, the back button restores them and Tilbakestill clears everything', async () => {
    const page = await newPage();
    await page.goto('/annonser');
    await page.getByRole('searchbox', { name: 'Fritekstsøk' }).fill(TAG);
    // Debounced: no button press needed.
    await page.waitForURL((u) => u.searchParams.get('query') === TAG);
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('3 biler');

    await page.getByLabel('Drivstofftype').selectOption('Elektrisk');
    await page.waitForURL((u) => u.searchParams.get('fuelType') === 'Elektrisk');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 bil');
    await card(page, `Model 3 ${TAG}`).waitFor();
    expect(await card(page, `Corolla ${TAG}`).count()).toBe(0);

    await page.getByLabel('Pris til').fill('300000');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('0 biler');
    await page.getByText('Ingen annonser funnet').waitFor();

    await page.getByRole('button', { name: 'Tilbakestill' }).click();
    await page.waitForURL((u) => u.search === '');
    expect(await page.getByRole('searchbox', { name: 'Fritekstsøk' }).inputValue()).toBe('');
    expect(await page.getByLabel('Drivstofftype').inputValue()).toBe('');
    expect(await page.getByLabel('Pris til').inputValue()).toBe('');

    // Back: the filtered search comes back, inputs included.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('fuelType') === 'Elektrisk');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Fritekstsøk' }).inputValue()).toBe(TAG);
    expect(await page.getByLabel('Drivstofftype').inputValue()).toBe('Elektrisk');
    expectNoErrors(page, IGNORE);
  });

  it('a listing page shows the total price in Norwegian format, the details and the vegvesen link', async () => {
    const page = await newPage();
    await page.goto(`/listing/${toyota.id}`);
    await page.getByRole('heading', { level: 1, name: `Toyota Corolla ${TAG}` }).waitFor();
    // 208 300 + 6 700 registration fee, with no-break spaces.
    await expect.poll(async () => (await page.getByTestId('total-price').textContent())?.replace(/\s/g, ' ')).toBe('215 000 kr');
    await page.getByText('Verifisert').waitFor();
    await page.getByText('Fulgt servicehåndbok').first().waitFor();
    const grid = page.getByTestId('spec-grid');
    await grid.getByText('Hybrid').waitFor();
    await grid.getByText('Automat').waitFor();
    // The description is text: markup shows as typed, line breaks are kept.
    const description = page.getByTestId('description');
    expect(await description.textContent()).toContain('<b>ikke html</b>');
    expect(await description.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-line');
    const check = page.getByRole('link', { name: /Sjekk kjøretøyopplysninger/ });
    expect(await check.getAttribute('href')).toMatch(new RegExp(`vegvesen\\.no/.*registreringsnummer=${toyota.registrationNumber}$`));
    expect(await page.getByRole('link', { name: /Åpne i kart/ }).getAttribute('href')).toContain('query=Storgata%2012');
    // A visitor is asked to log in before saving.
    await page.getByRole('button', { name: 'Lagre annonse' }).click();
    await page.getByText('Logg inn eller opprett konto').waitFor();
    expectNoErrors(page, IGNORE);
  });

  it('a missing listing says so', async () => {
    const page = await newPage();
    await page.goto('/listing/999999999');
    await page.getByRole('heading', { name: 'Annonse ikke funnet' }).waitFor();
    await page.getByText('Annonsen du leter etter eksisterer ikke eller er blitt fjernet.').waitFor();
    expectNoErrors(page, [...IGNORE, /404|Not Found/i]);
  });

  it('the gallery opens full screen and the arrow keys move the counter', async () => {
    const page = await newPage();
    await page.goto(`/listing/${toyota.id}`);
    await page.getByTestId('gallery-counter').filter({ hasText: '1 / 3' }).waitFor();
    await page.getByRole('button', { name: 'Vis bildene i fullskjerm' }).click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    const counter = page.getByTestId('lightbox-counter');
    await expect.poll(() => counter.textContent()).toBe('1 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('3 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('1 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe('3 / 3');
    await page.getByRole('button', { name: 'Forrige bilde' }).last().click();
    await expect.poll(() => counter.textContent()).toBe('2 / 3');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // The page stays on the photo last viewed.
    await page.getByTestId('gallery-counter').filter({ hasText: '2 / 3' }).waitFor();
    expectNoErrors(page, IGNORE);
  });

  it('saving a listing puts it under /lagrede-annonser, where it can be removed', async () => {
    const { user } = await createUser({ name: 'Kjell Kjøper' });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto(`/listing/${golf.id}`);
    await page.getByRole('heading', { level: 1, name: `Volkswagen Golf ${TAG}` }).waitFor();
    // Prefilled from the logged-in user.
    await expect.poll(() => page.getByLabel('Navn').inputValue()).toBe('Kjell Kjøper');
    await page.getByRole('button', { name: 'Lagre annonse' }).click();
    await expectToast(page, 'Annonse lagret');
    await page.getByRole('button', { name: 'Lagret', pressed: true }).waitFor();

    await page.goto('/lagrede-annonser');
    await page.getByRole('heading', { name: 'Lagrede annonser' }).waitFor();
    await card(page, `Golf ${TAG}`).waitFor();
    expect(await page.getByTestId('saved-count').textContent()).toBe('1');
    await card(page, `Golf ${TAG}`).getByRole('button', { name: /Fjern/ }).click();
    await expectToast(page, 'Fjernet', 'Annonsen er fjernet fra lagrede.');
    await page.getByText('Ingen lagrede annonser').waitFor();

    // The card links to the listing, which no longer counts as saved.
    await page.goto(`/listing/${golf.id}`);
    await page.getByRole('button', { name: 'Lagre annonse', pressed: false }).waitFor();
    expectNoErrors(page, IGNORE);
  });

  it('a logged-in buyer sends an inquiry (required fields first) and can start a chat', async () => {
    const { user } = await createUser({ name: 'Ingrid Interessert' });
    const page = await newPage();
    await loginAs(page, user);
    await page.goto(`/listing/${tesla.id}`);
    await expect.poll(() => page.getByLabel('E-post').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send henvendelse' }).click();
    await page.getByText('Melding må fylles ut.').waitFor();
    await page.getByLabel('Melding').fill('Hei! Er bilen fortsatt til salgs?');
    await page.getByRole('button', { name: 'Send henvendelse' }).click();
    await expectToast(page, 'Henvendelse sendt');
    await expect.poll(() => page.getByLabel('Melding').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Start chat' }).first().click();
    // The chat page's new-chat mode, for this listing; the parameters are then removed from the URL (docs/product/screens.md#chats).
    await page.waitForURL((u) => u.pathname === '/chats');
    await page.getByText('Start ny chat').first().waitFor();
    await page.getByText('Skriv din første melding for å starte chatten').first().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('startChat')).toBe(false);
    expectNoErrors(page, IGNORE);
  });

  it('a visitor sees the saved-listings login prompt', async () => {
    const page = await newPage();
    await page.goto('/lagrede-annonser');
    await page.getByRole('heading', { name: 'Logg inn påkrevd' }).waitFor();
    expectNoErrors(page, IGNORE);
  });

  it('home, search and listing pages fit a 375 px phone without sideways scrolling', async () => {
    const page = await newPage({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Nylig publiserte biler' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await noHorizontalScroll(page);
    await page.goto(`/annonser?query=${TAG}`);
    await card(page, `Corolla ${TAG}`).waitFor();
    await noHorizontalScroll(page);
    await page.goto(`/listing/${toyota.id}`);
    await page.getByTestId('total-price').waitFor();
    await noHorizontalScroll(page);
    expect(tesla.id).toBeGreaterThan(0);
    expectNoErrors(page, IGNORE);
  });
});
