import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPriceRatings } from '../services/prices';
import { createTestApp, json, loggedInUser, loggedInUsers, type TestApp, type TestUser } from '../testing/harness';
import { httpClient } from '../testing/http';
import { insertListing, LISTING_FORM } from '../testing/listing-factory';

// Price rating, price history and the price guide over REST (docs/product/api.md): the detail's priceRating and
// priceHistory, the cards' priceRating and priceReducedBy in GET /api/listings and the saved listings, the guide's
// answer and its 400s in Norwegian. The store picks the database (TEST_STORE).

let t: TestApp;
let seller: TestUser, buyer: TestUser, admin: TestUser;
let others: TestUser[];
let id: number;

const { call } = httpClient(() => t);
const get = (url: string, who?: TestUser) => call('GET', url, who?.cookie);
// Tesla Model Y 2022, electric, 45 000 km: four comparables at 400 000 kr of other sellers.
const comparable = { make: 'Tesla', model: 'Model Y', fuelType: 'el', year: 2022, mileage: 45_000, price: 400_000 };

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, ...others] = await loggedInUsers(t.store, 6);
  admin = await loggedInUser(t.store, { isAdmin: true });
  for (const o of others) await insertListing(t.store, o.user.id, comparable);
  // The seller's listing, published by an admin: 389 000 + 2 500 = 391 500 kr.
  id = json(await call('POST', '/api/listings', seller.cookie, LISTING_FORM)).id;
  expect((await call('POST', `/api/admin/listings/${id}/approve`, admin.cookie, { approved: true })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a listing’s price rating and history', () => {
  it('the detail has no rating under 5 comparables, and its history from publication', async () => {
    const body = json(await get(`/api/listings/${id}`));
    expect(body.priceRating).toBeNull();
    expect(body.priceHistory).toEqual([{ totalPrice: 391_500, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
  });

  it('a fifth comparable rates it; a lower price shows on the cards as a reduction, and in the history', async () => {
    const listed = async () => json<{ id: number; priceRating: unknown; priceReducedBy: number | null }[]>(await get('/api/listings?make=Tesla'));
    expect((await listed()).find((l) => l.id === id)).toMatchObject({ priceRating: null, priceReducedBy: null });

    const fifth = await insertListing(t.store, buyer.user.id, comparable);
    await sweepPriceRatings(t.store, null);
    expect((await listed()).find((l) => l.id === id)).toMatchObject({ priceRating: { rating: 'normal_pris', label: 'Normal pris' }, priceReducedBy: null });

    // 337 500 + 2 500 against a median of 400 000: 0.85 exactly, a good buy, 51 500 kr lower than when published.
    expect((await call('PATCH', `/api/listings/${id}`, seller.cookie, { ...LISTING_FORM, price: 337_500 })).statusCode).toBe(200);
    const card = (await listed()).find((l) => l.id === id);
    expect(card).toMatchObject({ priceRating: { rating: 'godt_kjop', label: 'Godt kjøp' }, priceReducedBy: 51_500 });

    const body = json(await get(`/api/listings/${id}`, buyer));
    expect(body.priceRating).toEqual({ rating: 'godt_kjop', label: 'Godt kjøp', comparables: 5, median: 400_000, low: 400_000, high: 400_000 });
    expect(body.priceHistory.map((h: { totalPrice: number }) => h.totalPrice)).toEqual([391_500, 340_000]);

    // The web client's cards (tRPC listings.list) and the saved listings carry the same.
    expect((await call('POST', '/api/saved-listings', buyer.cookie, { listingId: id })).statusCode).toBe(201);
    const saved = json<{ id: number }[]>(await get('/api/saved-listings', buyer)).find((l) => l.id === id);
    expect(saved).toMatchObject({ priceRating: { rating: 'godt_kjop', label: 'Godt kjøp' }, priceReducedBy: 51_500 });
    const input = encodeURIComponent(JSON.stringify({ make: 'Tesla' }));
    const trpc = json<{ result: { data: { items: { id: number }[] } } }>(await get(`/trpc/listings.list?input=${input}`));
    expect(trpc.result.data.items.find((l) => l.id === id)).toMatchObject({ priceRating: { rating: 'godt_kjop' }, priceReducedBy: 51_500 });

    // The comparable leaves: the kept answer of the search follows (no stale rating on the cards).
    expect((await call('DELETE', `/api/listings/${fifth.id}`, buyer.cookie)).statusCode).toBe(204);
    expect((await listed()).find((l) => l.id === id)).toMatchObject({ priceRating: null, priceReducedBy: 51_500 });
  });
});

describe('GET /api/price-guide', () => {
  const guide = (q: string) => get(`/api/price-guide?${q}`);

  it('answers what comparable cars sell for, to anyone', async () => {
    const res = await guide('make=tesla&model=MODEL%20Y&fuelType=el&year=2021&mileage=50000');
    expect(res.statusCode).toBe(200);
    // The four comparables and the seller's listing (the guide is nobody's, so every seller counts).
    expect(json(res)).toEqual({ comparables: 5, median: 400_000, low: 400_000, high: 400_000 });
    expect(json(await guide('make=Tesla&model=Model%20Y&fuelType=el&year=2019&mileage=50000'))).toEqual({ comparables: 0, median: null, low: null, high: null });
  });

  it('refuses bad input with a Norwegian 400', async () => {
    const bad = [
      ['model=Model%20Y&fuelType=el&year=2021&mileage=50000', 'Vennligst fyll inn alle obligatoriske felt.'],
      ['make=Tesla&model=Model%20Y&fuelType=el&year=1800&mileage=50000', 'Årsmodell må være mellom'],
      ['make=Tesla&model=Model%20Y&fuelType=kull&year=2021&mileage=50000', 'Ugyldig drivstofftype.'],
      ['make=Tesla&model=Model%20Y&fuelType=el&year=2021&mileage=-5', 'Kilometerstand kan ikke være negativ.'],
      ['make=Tesla&model=Model%20Y&fuelType=el&year=2021&mileage=mange', 'Kilometerstand må være et tall.'],
    ];
    for (const [q, message] of bad) {
      const res = await guide(q);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).error ?? json(res).message, q).toContain(message);
    }
  });
});
