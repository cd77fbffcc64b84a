import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, loggedInUser, type TestApp, loggedInUsers, type TestUser } from '../testing/harness';
import { httpClient } from '../testing/http';
import { LISTING_FORM } from '../testing/listing-factory';
import { updateListingRow } from '../testing/store-rows';

// A price drop over REST (docs/product/notifications.md, docs/product/api.md): the seller lowers the price with
// PATCH /api/listings/{id}; the buyer who saved it finds it in GET /api/notifications with both prices in nb-NO, and
// GET /api/saved-listings marks the card; a buyer who did not save it hears nothing.

let t: TestApp;
let seller: TestUser, saver: TestUser, other: TestUser;
let id: number;

const { call } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [seller, saver, other] = await loggedInUsers(t.store, 3);
  const created = await call('POST', '/api/listings', seller.cookie, LISTING_FORM);
  id = json(created).id;
  await updateListingRow(t.store, id, { status: 'approved' });
  expect((await call('POST', '/api/saved-listings', saver.cookie, { listingId: id })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('lowering the price of a saved listing', () => {
  it('notifies the saver with both prices, marks the saved card, and tells nobody else', async () => {
    const res = await call('PATCH', `/api/listings/${id}`, seller.cookie, { ...LISTING_FORM, price: 377_100 });
    expect(res.statusCode).toBe(200);
    expect(json(res).totalPrice).toBe(379_600);

    const notes = json<{ title: string; message: string; data: unknown }[]>(await call('GET', '/api/notifications', saver.cookie));
    expect(notes.filter((n) => n.title === 'Prisen er satt ned')).toEqual([
      expect.objectContaining({ message: 'Tesla Model Y 2022: fra 391\u00a0500\u00a0kr til 379\u00a0600\u00a0kr.', data: { listingId: id, oldPrice: 391_500, newPrice: 379_600 } }),
    ]);
    const others = json<{ title: string }[]>(await call('GET', '/api/notifications', other.cookie));
    expect(others.filter((n) => n.title === 'Prisen er satt ned')).toEqual([]);

    const saved = json<{ id: number; priceDroppedFrom: number | null }[]>(await call('GET', '/api/saved-listings', saver.cookie));
    expect(saved).toEqual([expect.objectContaining({ id, priceDroppedFrom: 391_500 })]);
  });
});

describe('a price moved down and up again', () => {
  it('tells each saver of a drop only below the lowest price they already know of', async () => {
    const created = await call('POST', '/api/listings', seller.cookie, LISTING_FORM);
    const listing = json(created).id as number;
    await updateListingRow(t.store, listing, { status: 'approved' });
    const early = await loggedInUser(t.store);
    const late = await loggedInUser(t.store);
    expect((await call('POST', '/api/saved-listings', early.cookie, { listingId: listing })).statusCode).toBe(201);
    const setPrice = async (price: number) => expect((await call('PATCH', `/api/listings/${listing}`, seller.cookie, { ...LISTING_FORM, price })).statusCode).toBe(200);
    const drops = async (who: { cookie: string }) =>
      json<{ title: string; message: string }[]>(await call('GET', '/api/notifications', who.cookie))
        .filter((n) => n.title === 'Prisen er satt ned')
        .map((n) => n.message)
        .reverse();
    const line = (from: string, to: string) => `Tesla Model Y 2022: fra ${from}\u00a0kr til ${to}\u00a0kr.`;

    // Saved at 391 500 in all; down to 381 500 is news.
    await setPrice(379_000);
    // Back up, and then Late saves it at 391 500.
    await setPrice(389_000);
    expect((await call('POST', '/api/saved-listings', late.cookie, { listingId: listing })).statusCode).toBe(201);
    // Down to 381 500 again: news to Late only; up and down once more: news to nobody.
    await setPrice(379_000);
    await setPrice(389_000);
    await setPrice(379_000);
    expect(await drops(early)).toEqual([line('391\u00a0500', '381\u00a0500')]);
    expect(await drops(late)).toEqual([line('391\u00a0500', '381\u00a0500')]);

    // Below what both know of: news to both, once.
    await setPrice(369_000);
    await setPrice(369_000);
    expect(await drops(early)).toEqual([line('391\u00a0500', '381\u00a0500'), line('381\u00a0500', '371\u00a0500')]);
    expect(await drops(late)).toEqual([line('391\u00a0500', '381\u00a0500'), line('381\u00a0500', '371\u00a0500')]);
  });
});
