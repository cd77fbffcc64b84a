// /annonser finds what buyers type (docs/decisions/009-search-quality.md): words of car ads as filters, makes and
// models offered from what is for sale with counts, a make nobody sells kept from the URL, mileage and area filters,
// a page past the end. The database is this file's own (e2e/support.ts), but every search still carries this run's tag
// (in each description), so the counts asserted are these cars only.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createUser, expectNoErrors, insertCar, newPage, screenshot, type TestPage } from './support';

const TAG = `s${Date.now().toString(36)}`;

/** This file's cars: the run's tag in each description, so a search finds these only. */
const car = (userId: number, o: Parameters<typeof insertCar>[1]) => insertCar(userId, { description: `Pent brukt bil (${TAG}).`, ...o });

const count = (page: TestPage) => page.getByTestId('result-count').textContent();
const searchFor = async (page: TestPage, text: string) => {
  await page.goto(`/annonser?query=${encodeURIComponent(`${text} ${TAG}`)}`);
  await page.getByTestId('result-count').waitFor();
};
const cards = (page: TestPage) => page.locator('main h3').allTextContents();

beforeAll(async () => {
  const { user } = await createUser({ name: 'Søk Selger' });
  await car(user.id, { make: 'Tesla', model: 'Model Y', year: 2022, fuelType: 'el', transmission: 'automat', bodyType: 'suv', mileage: 45_000, place: 'Bergen', municipalityNumber: '4601', county: 'Vestland' });
  await car(user.id, { make: 'Volkswagen', model: 'ID.4', year: 2021, fuelType: 'el', transmission: 'automat', bodyType: 'suv', mileage: 30_000, place: 'Tromsø' });
  await car(user.id, { make: 'Volkswagen', model: 'Golf', year: 2016, mileage: 150_000 });
  await car(user.id, { make: 'Skoda', model: 'Octavia', year: 2020, fuelType: 'diesel', transmission: 'automat', bodyType: 'stasjonsvogn', mileage: 70_000, place: 'Bodø' });
  // The panel's makes and places are counted again at most every 30 s after a write (docs/decisions/009-search-quality.md),
  // and earlier test files may have had them counted just before: wait until the server offers this file's cars, so
  // the panel's assertions below do not depend on the order the files ran in.
  const deadline = Date.now() + 45_000;
  for (;;) {
    const facets = (await (await fetch(`${baseURL}/api/listings/facets`)).json()) as { makes: { name: string }[]; places: { name: string }[] };
    if (facets.makes.some((m) => m.name === 'Skoda') && facets.places.some((p) => p.name === 'Bodø')) break;
    if (Date.now() > deadline) throw new Error('the server never offered this file’s make and place');
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 60_000);

describe('free text understands the words of car ads', () => {
  it.each<[string, string]>([
    ['tesla 2022', '1 bil'],
    ['Volkswagen id4', '1 bil'],
    ['vw', '2 biler'],
    ['elbil', '2 biler'],
    ['automat', '3 biler'],
    ['skoda stasjonsvogn diesel', '1 bil'],
    ['2016-2020', '2 biler'],
  ])('%s', async (text, expected) => {
    const page = await newPage();
    await searchFor(page, text);
    await expect.poll(() => count(page)).toBe(expected);
    expectNoErrors(page);
  });
});

describe('the filter panel', () => {
  it('offers makes for sale with counts (the ten first), then models of the chosen make', async () => {
    const page = await newPage();
    await page.goto(`/annonser?query=${TAG}`);
    const make = page.getByLabel('Merke');
    // Facets load after the page: wait for a make outside the ten to be offered with its count.
    await expect.poll(() => make.locator('option').allTextContents(), { timeout: 10_000 }).toContainEqual(expect.stringMatching(/^Skoda \(\d+\)$/));
    const options = await make.locator('option').allTextContents();
    expect(options[0]).toBe('Alle merker');
    expect(options.slice(1, 11).map((o) => o.replace(/ \(.*$/, ''))).toEqual(['Audi', 'BMW', 'Mercedes-Benz', 'Volkswagen', 'Toyota', 'Ford', 'Volvo', 'Tesla', 'Peugeot', 'Renault']);
    expect(await page.getByLabel('Modell', { exact: true }).isDisabled()).toBe(true);

    await make.selectOption('Skoda');
    await page.waitForURL((u) => u.searchParams.get('make') === 'Skoda');
    await expect.poll(() => count(page)).toBe('1 bil');
    const model = page.getByLabel('Modell', { exact: true });
    await expect.poll(() => model.isDisabled()).toBe(false);
    expect(await model.locator('option').allTextContents()).toContainEqual(expect.stringMatching(/^Octavia \(\d+\)$/));
    await model.selectOption('Octavia');
    await page.waitForURL((u) => u.searchParams.get('model') === 'Octavia');
    await expect.poll(() => count(page)).toBe('1 bil');
    expectNoErrors(page);
  });

  it('keeps a make nobody sells from the URL and finds nothing', async () => {
    const page = await newPage();
    await page.goto('/annonser?make=Wartburg');
    await page.getByText('Ingen annonser funnet').waitFor();
    await expect.poll(() => count(page)).toBe('0 biler');
    expect(await page.getByLabel('Merke').inputValue()).toBe('Wartburg');
    await page.getByRole('button', { name: 'Fjern filter Wartburg' }).waitFor();
    expectNoErrors(page);
  });

  it('filters by mileage and by area (a place or a county), shown as removable tags', async () => {
    const page = await newPage();
    await page.goto(`/annonser?query=${TAG}`);
    await expect.poll(() => count(page)).toBe('4 biler');
    await page.getByLabel('Kilometerstand til').fill('50000');
    await page.waitForURL((u) => u.searchParams.get('mileageTo') === '50000');
    await expect.poll(() => count(page)).toBe('2 biler');
    await page.getByLabel('Kilometerstand fra').fill('40000');
    await expect.poll(() => count(page)).toBe('1 bil');
    expect(await cards(page)).toEqual(['Tesla Model Y']);
    await page.getByRole('button', { name: /Fjern filter Fra 40/ }).click();
    await expect.poll(() => count(page)).toBe('2 biler');

    await page.getByLabel('Område').fill('Tromsø');
    await page.waitForURL((u) => u.searchParams.get('location') === 'Tromsø');
    await expect.poll(() => count(page)).toBe('1 bil');
    expect(await cards(page)).toEqual(['Volkswagen ID.4']);
    // A county finds the cars of every place in it (its county is looked up from the address: county-lookup.ts).
    await page.getByLabel('Område').fill('Vestland');
    await page.waitForURL((u) => u.searchParams.get('location') === 'Vestland');
    await expect.poll(() => cards(page)).toEqual(['Tesla Model Y']);
    expect(await count(page)).toBe('1 bil');
    await page.getByRole('button', { name: /Fjern filter Vestland/ }).waitFor();
    // The counties and places for sale are offered as suggestions: those the server counts (GET /api/listings/facets),
    // counties first, a place named like a county once. Not a fixed list: the counts may lag writes by up to 30 s
    // (docs/decisions/009-search-quality.md), and other test files write.
    const facets = (await (await page.request.get('/api/listings/facets')).json()) as { counties: { name: string }[]; places: { name: string }[] };
    expect(facets.places.length).toBeGreaterThan(0);
    const counties = facets.counties.map((c) => c.name);
    const lower = new Set(counties.map((c) => c.toLowerCase()));
    await expect
      .poll(() => page.locator('datalist option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))))
      .toEqual([...counties, ...facets.places.map((p) => p.name).filter((p) => !lower.has(p.toLowerCase()))]);
    expectNoErrors(page);
  });

  it('a page past the end goes to the last page', async () => {
    const page = await newPage();
    await page.goto(`/annonser?query=${TAG}&page=9`);
    // Never a count next to 'Ingen annonser funnet' on the way.
    const both = page.waitForFunction(
      () => document.body.textContent!.includes('Ingen annonser funnet') && document.querySelector('[data-testid="result-count"]'),
      undefined,
      { timeout: 3000, polling: 'raf' },
    );
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await expect.poll(() => cards(page)).toHaveLength(4);
    expect(await count(page)).toBe('4 biler');
    await expect(both).rejects.toThrow(/Timeout/);
    expectNoErrors(page);
  });

  it('is usable on a phone and on a desktop (screenshots)', async () => {
    for (const width of [1280, 375]) {
      const page = await newPage({ width, height: 900 });
      await page.goto(`/annonser?query=${TAG}&make=Volkswagen`);
      await expect.poll(() => count(page)).toBe('2 biler');
      if (width === 375) await page.getByRole('button', { name: /Filtrer & Sorter/ }).click();
      await page.getByLabel('Kilometerstand til').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      // Headings in order: h1, then the result count's h2, then the cards' h3.
      const levels = await page.locator('h1, h2, h3').evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
      expect(levels.slice(0, 3)).toEqual([1, 2, 3]);
      await screenshot(page, `search-${width}`);
      expectNoErrors(page);
    }
  });
});
