import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import * as lite from '../../../db/schema';
import * as pg from '../../../db/pg/schema';
import type { Dialect, Store } from '.';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import {
  imageRows as rowsOf,
  insertListingRow,
  insertRevision,
  insertSaved,
  insertUser,
  setListingAddress,
  stagedPhoto,
  updateImage as updateRow,
} from '../testing/photos-fixtures';
import type { NewStagedPhoto, StagingBounds } from './photos';

// The photos repository's contract (docs/decisions/018-postgresql.md), the same on both stores: staged photos and
// their bounds, the clean-up, the medium-size backfill, the start-up sweep's look-up, the detail view's reads and the
// county look-up's conditional update.

const HOUR = 3600_000;
const roomy = (since = new Date(Date.now() - 24 * HOUR)): StagingBounds => ({ accountPhotos: 1000, accountBytes: 1e12, totalBytes: 1e12, since });

describeOnEachStore('photos repository', (dialect: Dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(dialect);
  });
  afterEach(() => store.close());

  const user = (name = 'kari') => insertUser(store, { name: `Kari ${name}` });
  const listing = (userId: number, extra: Parameters<typeof insertListingRow>[2] = {}) => insertListingRow(store, userId, extra);
  const updateImage = (id: number, set: Parameters<typeof updateRow>[2]) => updateRow(store, id, set);
  const imageRows = () => rowsOf(store);
  const setAddress = (id: number, address: string) => setListingAddress(store, id, address);
  const revision = (listingId: number, description: string) => insertRevision(store, listingId, { description });
  async function listingRow(id: number) {
    const q = { municipalityNumber: true, county: true, address: true } as const;
    return store.dialect === 'sqlite'
      ? store.db.query.listings.findFirst({ where: eq(lite.listings.id, id), columns: q }).sync()
      : await store.db.query.listings.findFirst({ where: eq(pg.listings.id, id), columns: q });
  }
  const photo = (uploaderId: number, storedBytes = 1000): NewStagedPhoto => stagedPhoto(uploaderId, storedBytes);
  async function staged(p: NewStagedPhoto, bounds = roomy()) {
    const result = await store.photos.stage(p, bounds);
    if (!('staged' in result)) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
    return result.staged;
  }

  it('stages a photo as a row of its uploader, attached to nothing', async () => {
    const uid = await user();
    const p = photo(uid, 4321);
    const row = await staged(p);
    expect(row).toMatchObject({ ...p, listingId: null, revisionListingId: null, position: 0, createdAt: expect.any(Date) });
    expect(await imageRows()).toEqual([row]);
  });

  it("refuses an account's photo past its count or its bytes within the window, and tells its held photos oldest first", async () => {
    const [a, b] = [await user('a'), await user('b')];
    const bounds = { ...roomy(), accountPhotos: 2, accountBytes: 2500 };
    const first = await staged(photo(a, 1000), bounds);
    const second = await staged(photo(a, 1000), bounds);
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await updateImage(first.id, { createdAt: twoHoursAgo });
    const refused = { bound: 'account', held: [{ createdAt: twoHoursAgo, bytes: 1000 }, { createdAt: second.createdAt, bytes: 1000 }] };
    expect(await store.photos.stagingRefusal(a, 1, bounds)).toEqual(refused);
    expect(await store.photos.stage(photo(a, 1), bounds)).toEqual({ refused });
    // Bytes alone: one photo counted, 1000 + 1600 > 2500.
    await updateImage(first.id, { createdAt: new Date(Date.now() - 25 * HOUR) });
    expect(await store.photos.stagingRefusal(a, 1500, bounds)).toBeNull();
    expect(await store.photos.stage(photo(a, 1600), bounds)).toMatchObject({ refused: { bound: 'account' } });
    // Another account has its own room.
    expect(await store.photos.stagingRefusal(b, 1000, bounds)).toBeNull();
    await staged(photo(b), bounds);
    expect(await imageRows()).toHaveLength(3);
  });

  it('refuses any account once all staged photos take the total; attached photos and photos of an edit free the room', async () => {
    const [a, b] = [await user('a'), await user('b')];
    const bounds = { ...roomy(), totalBytes: 2500 };
    const first = await staged(photo(a), bounds);
    const second = await staged(photo(a), bounds);
    // Older than the account's window still counts towards the total until the clean-up removes it.
    await updateImage(second.id, { createdAt: new Date(Date.now() - 30 * HOUR) });
    expect(await store.photos.stagingRefusal(b, 1000, bounds)).toEqual({ bound: 'total' });
    expect(await store.photos.stage(photo(b), bounds)).toEqual({ refused: { bound: 'total' } });

    const id = await listing(a);
    await updateImage(first.id, { listingId: id });
    await staged(photo(b), bounds);
    expect(await store.photos.stage(photo(b), bounds)).toEqual({ refused: { bound: 'total' } });
    const edited = await listing(a, { status: 'approved' });
    await revision(edited, 'Ny tekst');
    await updateImage(second.id, { revisionListingId: edited });
    await staged(photo(b), bounds);
  });

  it('lets through only as many of a burst of parallel uploads as fit, per account and in all', async () => {
    const uid = await user();
    const bounds = { ...roomy(), accountPhotos: 3 };
    const results = await Promise.all(Array.from({ length: 10 }, () => store.photos.stage(photo(uid), bounds)));
    expect(results.filter((r) => 'staged' in r)).toHaveLength(3);
    expect(await imageRows()).toHaveLength(3);

    const others = await Promise.all([1, 2, 3, 4].map((i) => user(`u${i}`)));
    const total = { ...roomy(), totalBytes: 8500 };
    const burst = await Promise.all(others.flatMap((u) => [1, 2, 3].map(() => store.photos.stage(photo(u), total))));
    expect(burst.filter((r) => 'staged' in r)).toHaveLength(5);
    expect(burst.filter((r) => 'refused' in r && r.refused.bound === 'total')).toHaveLength(7);
    expect(await imageRows()).toHaveLength(8);
  });

  it('deletes staged photos older than the cut-off, never attached ones or ones of an edit, and answers their keys', async () => {
    const uid = await user();
    const id = await listing(uid, { status: 'approved' });
    await revision(id, 'Ny tekst');
    const [old, young, attached, waiting] = [await staged(photo(uid)), await staged(photo(uid)), await staged(photo(uid)), await staged(photo(uid))];
    const longAgo = new Date(Date.now() - 48 * HOUR);
    for (const r of [old, attached, waiting]) await updateImage(r.id, { createdAt: longAgo });
    await updateImage(attached.id, { listingId: id });
    await updateImage(waiting.id, { revisionListingId: id });

    expect(await store.photos.deleteStagedBefore(new Date(Date.now() - 24 * HOUR))).toEqual([{ storageKey: old.storageKey }]);
    expect((await imageRows()).map((r) => r.id)).toEqual([young.id, attached.id, waiting.id]);
    expect(await store.photos.deleteStagedBefore(new Date(Date.now() - 24 * HOUR))).toEqual([]);
  });

  it('selects photos without a medium size in id order from a point, and sets it once', async () => {
    const uid = await user();
    const rows = [await staged(photo(uid)), await staged(photo(uid)), await staged(photo(uid)), await staged(photo(uid))];
    for (const r of [rows[0], rows[2], rows[3]]) await updateImage(r.id, { mediumUrl: null });
    const pick = (r: (typeof rows)[number]) => ({ id: r.id, storageKey: r.storageKey, width: r.width, height: r.height });
    expect(await store.photos.missingMedium(0, 2)).toEqual([pick(rows[0]), pick(rows[2])]);
    expect(await store.photos.missingMedium(rows[2].id, 10)).toEqual([pick(rows[3])]);

    expect(await store.photos.setMedium(rows[0].id, '/uploads/m.webp')).toBe(true);
    expect(await store.photos.setMedium(rows[0].id, '/uploads/other.webp')).toBe(false);
    expect(await store.photos.setMedium(rows[2].id, '/uploads/n.webp', { width: 640, height: 480 })).toBe(true);
    const after = await imageRows();
    expect(after[0]).toMatchObject({ mediumUrl: '/uploads/m.webp', width: 1600, height: 1200 });
    expect(after[2]).toMatchObject({ mediumUrl: '/uploads/n.webp', width: 640, height: 480 });
    expect(await store.photos.missingMedium(0, 10)).toEqual([pick(rows[3])]);

    expect(await store.photos.exists(rows[3].id)).toBe(true);
    await store.photos.deleteStagedBefore(new Date(Date.now() + HOUR));
    expect(await store.photos.exists(rows[3].id)).toBe(false);
    expect(await store.photos.setMedium(rows[3].id, '/uploads/gone.webp')).toBe(false);
  });

  it('tells whether a row has one of the storage keys', async () => {
    const row = await staged(photo(await user()));
    expect(await store.photos.hasStorageKey(['cd/nothing.webp', row.storageKey])).toBe(true);
    expect(await store.photos.hasStorageKey(['cd/nothing.webp', 'cd/nothing-thumb.webp'])).toBe(false);
    expect(await store.photos.hasStorageKey([])).toBe(false);
  });

  it("reads a listing for the detail view: its photos in order, its seller, the viewer's saved flag, its waiting edit", async () => {
    const [seller, viewer] = [await user('seller'), await user('viewer')];
    const id = await listing(seller, { status: 'approved' });
    const [a, b, c, d] = [await staged(photo(seller)), await staged(photo(seller)), await staged(photo(seller)), await staged(photo(seller))];
    await updateImage(a.id, { listingId: id, position: 1 });
    await updateImage(b.id, { listingId: id, position: 0 });
    await updateImage(c.id, { listingId: id, position: 1 });
    await insertSaved(store, viewer, id);

    const seen = await store.photos.listingDetail(id, viewer);
    expect(seen).toMatchObject({ listing: { id, userId: seller, status: 'approved', active: true, equipment: [] }, saved: true });
    expect(seen!.listing.createdAt).toBeInstanceOf(Date);
    expect(seen!.images.map((r) => r.id)).toEqual([b.id, a.id, c.id]);
    expect(seen!.seller).toEqual({ name: 'Kari seller', displayName: null, phone: '91234567' });
    expect((await store.photos.listingDetail(id, seller))!.saved).toBe(false);
    expect((await store.photos.listingDetail(id, null))!.saved).toBe(false);
    expect(await store.photos.listingDetail(id + 1000, viewer)).toBeUndefined();

    expect(await store.photos.pendingRevision(id)).toBeUndefined();
    await revision(id, 'Nyere tekst');
    await updateImage(d.id, { revisionListingId: id, position: 3 });
    const pending = await store.photos.pendingRevision(id);
    expect(pending).toMatchObject({ revision: { listingId: id, fields: { description: 'Nyere tekst' }, status: 'pending' } });
    expect(pending!.images.map((r) => r.id)).toEqual([d.id]);
  });

  it('hands out listings waiting for their county newest first, and stores one only while its address is unchanged', async () => {
    const uid = await user();
    const [a, b, c] = [await listing(uid, { address: 'Strandkaien 18, 5013 BERGEN' }), await listing(uid, { address: 'Kirkegata 3, 4006 STAVANGER' }), await listing(uid, { address: 'X', municipalityNumber: '0301' })];
    expect(await store.photos.awaitingCounty(10)).toEqual([
      { id: b, address: 'Kirkegata 3, 4006 STAVANGER' },
      { id: a, address: 'Strandkaien 18, 5013 BERGEN' },
    ]);
    expect(await store.photos.awaitingCounty(1)).toEqual([{ id: b, address: 'Kirkegata 3, 4006 STAVANGER' }]);

    expect(await store.photos.setCounty(a, 'Strandkaien 18, 5013 BERGEN', '4601', 'Vestland')).toBe(true);
    expect(await listingRow(a)).toEqual({ address: 'Strandkaien 18, 5013 BERGEN', municipalityNumber: '4601', county: 'Vestland' });
    // The seller moved the car while the service answered: the answer is for an address the listing no longer has.
    await setAddress(b, 'Storgata 1, 0155 OSLO');
    expect(await store.photos.setCounty(b, 'Kirkegata 3, 4006 STAVANGER', '1103', 'Rogaland')).toBe(false);
    expect(await listingRow(b)).toEqual({ address: 'Storgata 1, 0155 OSLO', municipalityNumber: '', county: '' });
    expect(await store.photos.awaitingCounty(10)).toEqual([{ id: b, address: 'Storgata 1, 0155 OSLO' }]);
    // A changed address is looked up again (the stores' triggers clear it).
    await setAddress(a, 'Kirkegata 3, 4006 STAVANGER');
    expect((await store.photos.awaitingCounty(10)).map((r) => r.id)).toEqual([b, a]);
    expect(await listingRow(c)).toMatchObject({ municipalityNumber: '0301' });
  });
});
