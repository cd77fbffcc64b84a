// Price rating and price history as a buyer meets them (docs/decisions/025-buyer-trust.md): a seller's car published
// by an admin among five comparable cars, then lowered in price. The buyer's search card shows the rating's label and
// 'Satt ned …'; the listing page shows 'Prisvurdering' with 'basert på 5 lignende biler' and its scale, and
// 'Prishistorikk' with both prices and their dates, at a phone's width and a desktop's. The seller's form shows what
// comparable cars sell for.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../src/shared/format';
import { PRICE_TEXTS } from '../src/shared/texts/prices';
import { createAdmin, createUser, expectNoErrors, insertCar, loginAs, newPage, screenshot } from './support';

const TAG = `p${Date.now().toString(36)}`;
const IGNORE = [/maps\.google|google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/i];

describe('a rated car with a lowered price', () => {
  it('shows the rating and the reduction on its card, and the rating and history on its page', async () => {
    const { user: seller } = await createUser({ name: 'Petter Pris' });
    const { user: admin } = await createAdmin();
    const model = `Octavia ${TAG}`;
    // Five comparables of other sellers at 400 000 kr.
    for (let i = 0; i < 5; i++) {
      const { user } = await createUser({ name: `Selger ${i}` });
      await insertCar(user.id, { make: 'Skoda', model, year: 2019, fuelType: 'diesel', mileage: 100_000, price: 400_000 });
    }

    const sellerPage = await newPage();
    await loginAs(sellerPage, seller);
    const form = { registrationNumber: 'CD54321', make: 'Skoda', model, year: 2019, fuelType: 'diesel', mileage: 100_000, price: 389_000, registrationFee: 2_500, address: 'Kongens gate 1, 7011 TRONDHEIM' };
    const created = await sellerPage.request.post('/api/listings', { data: form });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const adminPage = await newPage();
    await loginAs(adminPage, admin);
    expect((await adminPage.request.post(`/api/admin/listings/${id}/approve`, { data: { approved: true } })).status()).toBe(200);
    // 337 500 + 2 500 = 340 000: 0.85 of the median, a good buy, 51 500 kr below the published 391 500.
    expect((await sellerPage.request.patch(`/api/listings/${id}`, { data: { ...form, price: 337_500 } })).status()).toBe(200);

    const page = await newPage({ width: 375, height: 800 });
    await page.goto(`/annonser?query=${TAG}`);
    const card = page.getByRole('article').filter({ hasText: 'Satt ned' });
    await card.getByTestId('price-rating').waitFor();
    expect(await card.getByTestId('price-rating').textContent()).toBe('Godt kjøp');
    expect(await card.getByTestId('price-reduced').textContent()).toBe(PRICE_TEXTS.reducedBy(51_500));

    await page.goto(`/listing/${id}`);
    const panel = page.getByTestId('price-rating-panel');
    await panel.getByText('Godt kjøp').waitFor();
    await panel.getByText(PRICE_TEXTS.basedOn(5)).waitFor();
    await panel.getByRole('img', { name: PRICE_TEXTS.scale(340_000, 400_000, 400_000) }).waitFor();
    const history = page.getByTestId('price-history');
    await history.getByRole('heading', { name: PRICE_TEXTS.history }).waitFor();
    await history.getByText(PRICE_TEXTS.daysSince(0)).waitFor();
    const today = formatDate(new Date());
    const rows = history.getByRole('row');
    await expect.poll(() => rows.allTextContents()).toEqual([`${PRICE_TEXTS.date}${PRICE_TEXTS.totalPrice}`, `${today}391\u00a0500\u00a0kr`, `${today}340\u00a0000\u00a0kr`]);
    await history.getByTestId('price-chart').waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'prices-listing-375');

    const desktop = await newPage({ width: 1280, height: 900 });
    await desktop.goto(`/listing/${id}`);
    await desktop.getByTestId('price-rating-panel').getByText('Godt kjøp').waitFor();
    await desktop.getByTestId('price-chart').waitFor();
    await screenshot(desktop, 'prices-listing-1280');
    expectNoErrors(page, IGNORE);
    expectNoErrors(desktop, IGNORE);

    // The seller's edit form tells what comparable cars sell for once the car's fields are filled in.
    await sellerPage.goto(`/rediger-annonse/${id}`);
    await sellerPage.getByTestId('price-guide').waitFor();
    expect(await sellerPage.getByTestId('price-guide').textContent()).toBe(PRICE_TEXTS.guide(400_000, 400_000));
    await sellerPage.getByRole('textbox', { name: 'Kilometerstand', exact: true }).fill('300000');
    await sellerPage.getByTestId('price-guide').waitFor({ state: 'detached' });
    expectNoErrors(sellerPage, IGNORE);
  });
});
