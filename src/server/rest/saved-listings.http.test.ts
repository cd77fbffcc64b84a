import type { ListingCardShape } from '../../shared/schemas/listing-shape';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, json, type TestApp, loggedInUsers, type TestUser } from '../testing/harness';
import { httpClient, itRefusesVisitors } from '../testing/http';
import { insertListing } from '../testing/listing-factory';
import { deleteRows, findRows, updateListingRow } from '../testing/store-rows';

// docs/product/screens.md#lagrede-annonser, docs/product/states.md#saved-listing, docs/product/api.md: GET/POST/DELETE /api/saved-listings. Login required; a user's
// saved listings are theirs alone; only listings a buyer may see can be saved or are listed.

let t: TestApp;
let seller: TestUser, anna: TestUser, bjorn: TestUser;
let ids: number[];

const { call } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [seller, anna, bjorn] = await loggedInUsers(t.store, 3);
  ids = [];
  for (const model of ['Golf', 'Passat', 'Polo']) ids.push((await insertListing(t.store, seller.user.id, { make: 'Volkswagen', model })).id);
});
afterAll(() => t.close());

describe('logged out', () => {
  itRefusesVisitors(
    () => t,
    [
      ['GET', '/api/saved-listings'],
      ['POST', '/api/saved-listings'],
      ['DELETE', '/api/saved-listings/1'],
    ],
    { listingId: 1 },
  );
});

describe('saving and listing', () => {
  it('saves with 201, idempotently, and lists newest saved first as cards', async () => {
    const first = await call('POST', '/api/saved-listings', anna.cookie, { listingId: ids[0] });
    expect(first.statusCode).toBe(201);
    expect(json(first)).toEqual({ listingId: ids[0], savedAt: expect.any(String) });
    expect((await call('POST', '/api/saved-listings', anna.cookie, { listingId: ids[2] })).statusCode).toBe(201);
    // Again: still one row, still 201 with the first save's date.
    const again = await call('POST', '/api/saved-listings', anna.cookie, { listingId: ids[0] });
    expect(again.statusCode).toBe(201);
    expect(json(again).savedAt).toBe(json(first).savedAt);
    expect(await findRows(t.store, 'savedListings', { userId: anna.user.id })).toHaveLength(2);

    const list = await call('GET', '/api/saved-listings', anna.cookie);
    expect(list.statusCode).toBe(200);
    const cards = json<ListingCardShape[]>(list);
    expect(cards.map((c) => c.id)).toEqual([ids[2], ids[0]]);
    expect(Object.keys(cards[0]).sort()).toEqual(['coverImage', 'coverPhoto', 'createdAt', 'fuelType', 'id', 'make', 'mileage', 'model', 'place', 'priceDroppedFrom', 'priceRating', 'priceReducedBy', 'sold', 'totalPrice', 'transmission', 'year']);
    expect(await callerFor(t.store, anna.user).savedListings.ids()).toEqual([ids[2], ids[0]]);
  });

  it("keeps each user's saved listings apart", async () => {
    await call('POST', '/api/saved-listings', bjorn.cookie, { listingId: ids[1] });
    expect(json<ListingCardShape[]>(await call('GET', '/api/saved-listings', bjorn.cookie)).map((c) => c.id)).toEqual([ids[1]]);
    expect(json<ListingCardShape[]>(await call('GET', '/api/saved-listings', anna.cookie)).map((c) => c.id)).not.toContain(ids[1]);
    // Bjørn removing "his" copy of Anna's listing touches nothing of Anna's.
    expect((await call('DELETE', `/api/saved-listings/${ids[0]}`, bjorn.cookie)).statusCode).toBe(204);
    expect(json<ListingCardShape[]>(await call('GET', '/api/saved-listings', anna.cookie)).map((c) => c.id)).toContain(ids[0]);
  });

  it('removes with 204, and removing again is still 204', async () => {
    const res = await call('DELETE', `/api/saved-listings/${ids[2]}`, anna.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('DELETE', `/api/saved-listings/${ids[2]}`, anna.cookie)).statusCode).toBe(204);
    expect(json<ListingCardShape[]>(await call('GET', '/api/saved-listings', anna.cookie)).map((c) => c.id)).toEqual([ids[0]]);
  });

  it('answers 404 for a listing a buyer cannot see, 400 for a malformed id', async () => {
    const pending = (await insertListing(t.store, seller.user.id, { status: 'pending' })).id;
    for (const listingId of [pending, 999_999]) {
      const res = await call('POST', '/api/saved-listings', anna.cookie, { listingId });
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Annonse ikke funnet');
    }
    for (const body of [{}, { listingId: 'abc' }, { listingId: -1 }, { listingId: 1.5 }, [], 'x']) {
      expect((await call('POST', '/api/saved-listings', anna.cookie, body)).statusCode).toBe(400);
    }
    expect((await call('DELETE', '/api/saved-listings/abc', anna.cookie)).statusCode).toBe(400);
  });

  it('drops a listing from the list while it is hidden and brings it back when shown again', async () => {
    const id = (await insertListing(t.store, seller.user.id, { make: 'Skoda', model: 'Enyaq' })).id;
    await call('POST', '/api/saved-listings', anna.cookie, { listingId: id });
    await updateListingRow(t.store, id, { active: false });
    expect(json<ListingCardShape[]>(await call('GET', '/api/saved-listings', anna.cookie)).map((c) => c.id)).not.toContain(id);
    expect(await callerFor(t.store, anna.user).savedListings.ids()).not.toContain(id);
    await updateListingRow(t.store, id, { active: true });
    expect(json<ListingCardShape[]>(await call('GET', '/api/saved-listings', anna.cookie)).map((c) => c.id)).toContain(id);
  });

  it('forgets saves of a deleted listing', async () => {
    const id = (await insertListing(t.store, seller.user.id)).id;
    await call('POST', '/api/saved-listings', anna.cookie, { listingId: id });
    await deleteRows(t.store, 'listings', { id });
    expect(await findRows(t.store, 'savedListings', { listingId: id })).toEqual([]);
  });
});
