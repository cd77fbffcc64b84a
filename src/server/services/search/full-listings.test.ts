import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { listingImages, listings } from '../../../../db/schema';
import { createTestDb, createUser } from '../../testing/harness';
import { insertListing, insertListingImage } from '../../testing/listing-factory';
import { toImageShape } from '../listing-shape';
import { createSqliteStore } from '../../store';
import { rowReader } from '../../store/search-source';
import { PHOTOS_SQL } from '../../store/sqlite/search-source';
import { FullListings } from './full-listings';

describe('the row reader of the REST list', () => {
  const db = createTestDb();
  afterAll(() => db.$client.close());

  it('gives exactly the object Drizzle gives: booleans, timestamps, JSON and nulls converted', async () => {
    const uid = (await createUser(db)).user.id;
    const plain = await insertListing(db, uid);
    const unusual = await insertListing(db, uid, {
      equipment: ['Hengerfeste', 'Panorama «tak»'],
      hideAddress: true,
      serviceHistory: true,
      active: false,
      status: 'rejected',
      rejectionReason: 'Uklart bilde',
      coverImage: '/uploads/listings/9/0-thumb.webp',
      createdAt: new Date(Date.UTC(2024, 1, 29, 12, 30, 15, 123)),
    });
    const reader = rowReader(listings, 'l');
    for (const { id } of [plain, unusual]) {
      const raw = db.$client.prepare(`SELECT ${reader.columns} FROM listings l WHERE l.id = ?`).raw().get(id) as unknown[];
      const drizzle = db.select().from(listings).where(eq(listings.id, id)).get()!;
      const read = reader.read(raw);
      expect(read).toEqual(drizzle);
      expect(read.createdAt).toBeInstanceOf(Date);
    }
    expect(reader.read(db.$client.prepare(`SELECT ${reader.columns} FROM listings l WHERE l.id = ?`).raw().get(unusual.id) as unknown[])).toMatchObject({
      equipment: ['Hengerfeste', 'Panorama «tak»'],
      hideAddress: true,
      active: false,
      rejectionReason: 'Uklart bilde',
    });
  });

  it("reads a page's photos from the covering index alone, in order, with the medium size missing where it is", async () => {
    const plan = (db.$client.prepare(`EXPLAIN QUERY PLAN ${PHOTOS_SQL}`).all('[1]') as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan).toContain('USING COVERING INDEX listing_images_listing_idx');
    const uid = (await createUser(db)).user.id;
    const a = await insertListing(db, uid);
    const b = await insertListing(db, uid);
    await insertListingImage(db, a.id, 1);
    await insertListingImage(db, a.id, 0);
    await insertListingImage(db, b.id, 0, { mediumUrl: null });
    const items = await new FullListings(createSqliteStore(db, false).searchSource).byIds([b.id, a.id]);
    expect(items.map((i) => i.id)).toEqual([b.id, a.id]);
    const photos = (listingId: number) =>
      db.select().from(listingImages).where(eq(listingImages.listingId, listingId)).orderBy(listingImages.position).all().map(toImageShape);
    expect(items[0].imageDetails).toEqual(photos(b.id));
    expect(items[0].imageDetails[0].mediumUrl).toBe(items[0].imageDetails[0].url);
    expect(items[1].imageDetails).toEqual(photos(a.id));
    expect(items[1].images).toEqual(photos(a.id).map((p) => p.url));
  });

  it('reads image rows as Drizzle does', async () => {
    const uid = (await createUser(db)).user.id;
    const { id } = await insertListing(db, uid);
    await insertListingImage(db, id, 0);
    const reader = rowReader(listingImages, 'i');
    const raw = db.$client.prepare(`SELECT ${reader.columns} FROM listing_images i WHERE i.listing_id = ?`).raw().get(id) as unknown[];
    expect(reader.read(raw)).toEqual(db.select().from(listingImages).where(eq(listingImages.listingId, id)).get());
  });
});
