import { expect, it } from 'vitest';
import { listingFormInput } from '../../shared/schemas/listing';
import type { ImageStorage } from '../integrations/image-storage';
import { InProcessHub, type UserEvent } from '../realtime/hub';
import type { Dialect } from '../store';
import { insertUser } from '../testing/photos-fixtures';
import { LISTING_FORM } from '../testing/listing-factory';
import { updateListingRow } from '../testing/store-rows';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { createListing, PRICE_DROP_TITLE, updateListing } from './listings';
import { listNotifications } from './notifications';
import { listSavedListings, saveListing } from './saved-listings';

// Price drops on saved listings (docs/product/notifications.md, docs/decisions/022-market-alerts.md) on both stores:
// a lower total price tells everyone who saved the listing, with the old and new price in nb-NO; nobody else, and
// not a raise. The saved card says 'Prisen er satt ned' while the price is below the price when it was saved.

const storage: ImageStorage = { put: async () => {}, delete: async () => {}, url: (key) => `/uploads/${key}` };
const form = (o: Partial<typeof LISTING_FORM> = {}) => listingFormInput.parse({ ...LISTING_FORM, ...o });

describeOnEachStore('a price drop', (dialect: Dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({
    hub: new InProcessHub(),
    seller: await insertUser(store, { name: 'Siri Selger' }),
    saver: await insertUser(store, { name: 'Sara Sparer' }),
    other: await insertUser(store, { name: 'Olav Annen' }),
  }));

  async function listed(status: 'approved' | 'pending' = 'approved') {
    // 389 000 + 2 500: 391 500 kr in all.
    const { id } = await createListing({ store: t.store, storage }, { id: t.seller, isAdmin: false }, form());
    await updateListingRow(t.store, id, { status: 'approved' });
    await saveListing(t.store, t.saver, id);
    if (status !== 'approved') await updateListingRow(t.store, id, { status });
    return id;
  }
  const titles = async (userId: number) => (await listNotifications(t.store, userId)).filter((n) => n.title === PRICE_DROP_TITLE);

  it('tells the saver the old and the new total price, live and stored, and nobody else', async () => {
    const id = await listed();
    const pushed: [number, UserEvent][] = [];
    t.hub.publish = (userId, event) => void pushed.push([userId, event]);
    await updateListing({ store: t.store, storage, hub: t.hub }, { id: t.seller, isAdmin: false }, id, form({ price: 369_000 }));

    const [n] = await titles(t.saver);
    expect(n.message).toBe('Tesla Model Y 2022: fra 391\u00a0500\u00a0kr til 371\u00a0500\u00a0kr.');
    expect(n.data).toEqual({ listingId: id, oldPrice: 391_500, newPrice: 371_500 });
    expect(pushed).toEqual([[t.saver, { kind: 'notification', notification: n }]]);
    expect(await titles(t.other)).toEqual([]);
    expect(await titles(t.seller)).toEqual([]);

    const [card] = await listSavedListings(t.store, t.saver);
    expect(card).toMatchObject({ id, totalPrice: 371_500, priceDroppedFrom: 391_500, sold: false });
  });

  it('says nothing for a raise, a fee-only change that adds up the same, or a listing buyers cannot see', async () => {
    const id = await listed();
    await updateListing({ store: t.store, storage }, { id: t.seller, isAdmin: false }, id, form({ price: 399_000 }));
    await updateListing({ store: t.store, storage }, { id: t.seller, isAdmin: false }, id, form({ price: 397_500, registrationFee: 4_000 }));
    expect(await titles(t.saver)).toEqual([]);
    // Up from the saved price: no longer 'Prisen er satt ned'.
    expect((await listSavedListings(t.store, t.saver))[0]).toMatchObject({ priceDroppedFrom: null });

    const hidden = await listed('pending');
    await updateListing({ store: t.store, storage }, { id: t.seller, isAdmin: false }, hidden, form({ price: 300_000 }));
    expect(await titles(t.saver)).toEqual([]);
  });
});
