import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Store } from '.';
import { toCard } from '../services/listing-shape';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { insertListingRow, insertPhotoRow, insertUserRow, updateListingRow } from '../testing/store-rows';

// The saved listings repository on both stores (docs/product/states.md "Saved listing", docs/decisions/023-one-store.md).
describeOnEachStore('saved listings repository', (dialect) => {
  let store: Store;
  let seller: number;
  let buyer: number;
  beforeEach(async () => {
    store = await createTestStore(dialect);
    seller = await insertUserRow(store);
    buyer = await insertUserRow(store);
  });
  afterEach(() => store.close());

  it('saves a visible listing once, keeping the first save’s time', async () => {
    const id = await insertListingRow(store, seller);
    const first = await store.savedListings.add(buyer, id);
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.savedListings.add(buyer, id)).toEqual(first);
    expect(await store.savedListings.ids(buyer)).toEqual([id]);
  });

  it('refuses a listing a buyer cannot see, or that does not exist', async () => {
    const pending = await insertListingRow(store, seller, { status: 'pending' });
    const inactive = await insertListingRow(store, seller, { active: false });
    expect(await store.savedListings.add(buyer, pending)).toBeNull();
    expect(await store.savedListings.add(buyer, inactive)).toBeNull();
    expect(await store.savedListings.add(buyer, 999_999)).toBeNull();
    expect(await store.savedListings.add(buyer, 2 ** 40)).toBeNull();
    expect(await store.savedListings.ids(buyer)).toEqual([]);
  });

  it('makes one row of the same listing saved twice at once', async () => {
    const id = await insertListingRow(store, seller);
    const times = await Promise.all(Array.from({ length: 6 }, () => store.savedListings.add(buyer, id)));
    expect(times.every((t) => t !== null && t.getTime() === times[0]!.getTime())).toBe(true);
    expect(await store.savedListings.list(buyer)).toHaveLength(1);
    expect(await store.savedListings.remove(buyer, id)).toBe(true);
    expect(await store.savedListings.remove(buyer, id)).toBe(false);
  });

  it('lists the user’s own visible saves as cards, newest saved first; a hidden listing drops out and comes back', async () => {
    const volvo = await insertListingRow(store, seller, { make: 'Volvo', model: 'V90', year: 2019, price: 289_000, mileage: 120_000, place: 'Bergen' });
    const tesla = await insertListingRow(store, seller, { make: 'Tesla', model: 'Model 3', year: 2021 });
    const cover = (await insertPhotoRow(store, volvo, 0)).thumbUrl;
    await insertPhotoRow(store, volvo, 1);
    await updateListingRow(store, volvo, { coverImage: cover });
    await store.savedListings.add(buyer, volvo);
    await new Promise((r) => setTimeout(r, 5));
    await store.savedListings.add(buyer, tesla);
    await store.savedListings.add(seller, tesla);

    const cards = (await store.savedListings.list(buyer)).map(toCard);
    expect(cards.map((c) => c.id)).toEqual([tesla, volvo]);
    expect(await store.savedListings.ids(buyer)).toEqual([tesla, volvo]);
    expect(cards[1]).toMatchObject({ make: 'Volvo', model: 'V90', year: 2019, mileage: 120_000, totalPrice: 289_000, place: 'Bergen', coverImage: cover });
    expect(cards[1].coverPhoto).toMatchObject({ url: `/uploads/listings/${volvo}/0.webp`, thumbUrl: cover, width: 1600, height: 1067 });
    expect(cards[0].coverPhoto).toBeNull();
    expect(Date.parse(cards[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

    await updateListingRow(store, tesla, { status: 'rejected' });
    expect(await store.savedListings.ids(buyer)).toEqual([volvo]);
    expect(await store.savedListings.add(buyer, tesla)).toBeNull();
    await updateListingRow(store, tesla, { status: 'approved' });
    expect(await store.savedListings.ids(buyer)).toEqual([tesla, volvo]);
    expect(await store.savedListings.ids(seller)).toEqual([tesla]);
  });

  it('removes only the user’s own save', async () => {
    const id = await insertListingRow(store, seller);
    await store.savedListings.add(buyer, id);
    await store.savedListings.add(seller, id);
    expect(await store.savedListings.remove(buyer, id)).toBe(true);
    expect(await store.savedListings.ids(buyer)).toEqual([]);
    expect(await store.savedListings.ids(seller)).toEqual([id]);
    expect(await store.savedListings.remove(buyer, 2 ** 40)).toBe(false);
  });
});
