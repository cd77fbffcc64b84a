import { expect, it } from 'vitest';
import { toCard } from '../services/listing-shape';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { insertListingRow, insertPhotoRow, insertUserRow, updateListingRow } from '../testing/store-rows';

// The saved listings repository on both stores (docs/product/states.md "Saved listing", docs/decisions/023-one-store.md).
describeOnEachStore('saved listings repository', (dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({ seller: await insertUserRow(store), buyer: await insertUserRow(store) }));

  it('saves a visible listing once, keeping the first save’s time', async () => {
    const id = await insertListingRow(t.store, t.seller);
    const first = await t.store.savedListings.add(t.buyer, id);
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(await t.store.savedListings.add(t.buyer, id)).toEqual(first);
    expect(await t.store.savedListings.ids(t.buyer)).toEqual([id]);
  });

  it('refuses a listing a buyer cannot see, or that does not exist', async () => {
    const pending = await insertListingRow(t.store, t.seller, { status: 'pending' });
    const inactive = await insertListingRow(t.store, t.seller, { active: false });
    expect(await t.store.savedListings.add(t.buyer, pending)).toBeNull();
    expect(await t.store.savedListings.add(t.buyer, inactive)).toBeNull();
    expect(await t.store.savedListings.add(t.buyer, 999_999)).toBeNull();
    expect(await t.store.savedListings.add(t.buyer, 2 ** 40)).toBeNull();
    expect(await t.store.savedListings.ids(t.buyer)).toEqual([]);
  });

  it('makes one row of the same listing saved twice at once', async () => {
    const id = await insertListingRow(t.store, t.seller);
    const times = await Promise.all(Array.from({ length: 6 }, () => t.store.savedListings.add(t.buyer, id)));
    expect(times.every((t) => t !== null && t.getTime() === times[0]!.getTime())).toBe(true);
    expect(await t.store.savedListings.list(t.buyer)).toHaveLength(1);
    expect(await t.store.savedListings.remove(t.buyer, id)).toBe(true);
    expect(await t.store.savedListings.remove(t.buyer, id)).toBe(false);
  });

  it('lists the user’s own visible saves as cards, newest saved first; a hidden listing drops out and comes back', async () => {
    const volvo = await insertListingRow(t.store, t.seller, { make: 'Volvo', model: 'V90', year: 2019, price: 289_000, mileage: 120_000, place: 'Bergen' });
    const tesla = await insertListingRow(t.store, t.seller, { make: 'Tesla', model: 'Model 3', year: 2021 });
    const cover = (await insertPhotoRow(t.store, volvo, 0)).thumbUrl;
    await insertPhotoRow(t.store, volvo, 1);
    await updateListingRow(t.store, volvo, { coverImage: cover });
    await t.store.savedListings.add(t.buyer, volvo);
    await new Promise((r) => setTimeout(r, 5));
    await t.store.savedListings.add(t.buyer, tesla);
    await t.store.savedListings.add(t.seller, tesla);

    const cards = (await t.store.savedListings.list(t.buyer)).map(toCard);
    expect(cards.map((c) => c.id)).toEqual([tesla, volvo]);
    expect(await t.store.savedListings.ids(t.buyer)).toEqual([tesla, volvo]);
    expect(cards[1]).toMatchObject({ make: 'Volvo', model: 'V90', year: 2019, mileage: 120_000, totalPrice: 289_000, place: 'Bergen', coverImage: cover });
    expect(cards[1].coverPhoto).toMatchObject({ url: `/uploads/listings/${volvo}/0.webp`, thumbUrl: cover, width: 1600, height: 1067 });
    expect(cards[0].coverPhoto).toBeNull();
    expect(Date.parse(cards[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

    await updateListingRow(t.store, tesla, { status: 'rejected' });
    expect(await t.store.savedListings.ids(t.buyer)).toEqual([volvo]);
    expect(await t.store.savedListings.add(t.buyer, tesla)).toBeNull();
    await updateListingRow(t.store, tesla, { status: 'approved' });
    expect(await t.store.savedListings.ids(t.buyer)).toEqual([tesla, volvo]);
    expect(await t.store.savedListings.ids(t.seller)).toEqual([tesla]);
  });

  it('removes only the user’s own save', async () => {
    const id = await insertListingRow(t.store, t.seller);
    await t.store.savedListings.add(t.buyer, id);
    await t.store.savedListings.add(t.seller, id);
    expect(await t.store.savedListings.remove(t.buyer, id)).toBe(true);
    expect(await t.store.savedListings.ids(t.buyer)).toEqual([]);
    expect(await t.store.savedListings.ids(t.seller)).toEqual([id]);
    expect(await t.store.savedListings.remove(t.buyer, 2 ** 40)).toBe(false);
  });
});
