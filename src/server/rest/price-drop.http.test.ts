import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { LISTING_FORM } from '../testing/listing-factory';
import { updateListingRow } from '../testing/store-rows';

// A price drop over REST (docs/product/notifications.md, docs/product/api.md): the seller lowers the price with
// PATCH /api/listings/{id}; the buyer who saved it finds it in GET /api/notifications with both prices in nb-NO, and
// GET /api/saved-listings marks the card; a buyer who did not save it hears nothing.

let t: TestApp;
let seller: Awaited<ReturnType<typeof loggedInUser>>;
let saver: Awaited<ReturnType<typeof loggedInUser>>;
let other: Awaited<ReturnType<typeof loggedInUser>>;
let id: number;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store);
  saver = await loggedInUser(t.store);
  other = await loggedInUser(t.store);
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
