import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Dialect, Store } from '../store';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { insertListingRow, insertRevision, insertSaved, insertUser, stagedPhoto, updateImage } from '../testing/photos-fixtures';
import { ListingDetails } from './listing-detail';

// The detail view (docs/product/screens.md /listing/{id}, docs/product/permissions.md) on both stores: who sees a
// listing, what is blanked for whom, the saved flag and an owner's edit waiting for review.

describeOnEachStore('listing detail', (dialect: Dialect) => {
  let store: Store;
  let details: ListingDetails;
  beforeEach(async () => {
    store = await createTestStore(dialect);
    details = new ListingDetails(store);
  });
  afterEach(() => store.close());

  async function photoOn(listingId: number, uploaderId: number, position: number, where: 'listing' | 'edit' = 'listing') {
    const staged = await store.photos.stage(stagedPhoto(uploaderId), { accountPhotos: 100, accountBytes: 1e9, totalBytes: 1e9, since: new Date(0) });
    if (!('staged' in staged)) throw new Error('refused');
    await updateImage(store, staged.staged.id, where === 'listing' ? { listingId, position } : { revisionListingId: listingId, position });
    return staged.staged;
  }

  it('shows a public listing to anyone with its photos in order, its seller and the viewer’s saved flag', async () => {
    const seller = await insertUser(store, { name: 'Siri Selger', displayName: 'Siris Bil', phone: '90000001' });
    const buyer = await insertUser(store);
    const id = await insertListingRow(store, seller, { status: 'approved', address: 'Storgata 1, 0155 OSLO', place: 'OSLO', contactPhone: '' });
    const second = await photoOn(id, seller, 1);
    const first = await photoOn(id, seller, 0);
    await insertSaved(store, buyer, id);

    const seen = await details.forViewer(id, null);
    expect(seen).toMatchObject({ id, place: 'OSLO', isSaved: false, isOwner: false, revision: null });
    expect(seen.images).toEqual([first.url, second.url]);
    expect(seen.seller).toEqual({ id: seller, name: 'Siri Selger', displayName: 'Siris Bil', phone: '90000001', address: 'Storgata 1, 0155 OSLO' });
    expect(await details.forViewer(id, { id: buyer, isAdmin: false })).toMatchObject({ isSaved: true, isOwner: false });
    expect(await details.forViewer(id, { id: seller, isAdmin: false })).toMatchObject({ isSaved: false, isOwner: true });
  });

  it('answers not found for a hidden or missing listing to everyone but its owner and admins, and blanks hidden details', async () => {
    const seller = await insertUser(store);
    const other = await insertUser(store);
    const id = await insertListingRow(store, seller, { status: 'pending', address: 'Hemmeligveien 9, 0150 OSLO', hideAddress: true, hideContactInfo: true, contactPhone: '93333333' });
    for (const viewer of [null, { id: other, isAdmin: false }]) {
      await expect(details.forViewer(id, viewer)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(details.forViewer(id + 1000, { id: other, isAdmin: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const viewer of [{ id: seller, isAdmin: false }, { id: other, isAdmin: true }]) {
      expect(await details.forViewer(id, viewer)).toMatchObject({ address: 'Hemmeligveien 9, 0150 OSLO', contactPhone: '93333333' });
    }

    const visible = await insertListingRow(store, seller, { status: 'approved', address: 'Hemmeligveien 9, 0150 OSLO', hideAddress: true, hideContactInfo: true, contactPhone: '93333333' });
    const seen = await details.forViewer(visible, null);
    expect(seen).toMatchObject({ address: '', contactPhone: '' });
    expect(seen.seller).not.toHaveProperty('phone');
    expect(seen.seller).not.toHaveProperty('address');
  });

  it("shows an edit waiting for review to its owner applied, to an admin beside the approved version, and never to buyers", async () => {
    const seller = await insertUser(store);
    const admin = await insertUser(store, { isAdmin: true });
    const id = await insertListingRow(store, seller, { status: 'approved', price: 300_000 });
    await insertRevision(store, id, { description: 'Nyservet, nye dekk.' });
    const kept = await photoOn(id, seller, 0);
    const added = await photoOn(id, seller, 1, 'edit');

    const owner = await details.forViewer(id, { id: seller, isAdmin: false });
    expect(owner.description).toBe('Nyservet, nye dekk.');
    expect(owner.images).toEqual([kept.url, added.url]);
    expect(owner.revision).toMatchObject({ status: 'pending' });
    const adminView = await details.forViewer(id, { id: admin, isAdmin: true });
    expect(adminView.description).toBe('');
    expect(adminView.images).toEqual([kept.url]);
    expect(adminView.revision).toMatchObject({ status: 'pending' });
    const buyer = await details.forViewer(id, null);
    expect(buyer).toMatchObject({ description: '', images: [kept.url], revision: null });
  });
});
