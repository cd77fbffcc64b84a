import { eq } from 'drizzle-orm';
import * as lite from '../../../db/schema';
import * as pg from '../../../db/pg/schema';
import type { ReviewedValues } from '../../shared/schemas/listing';
import type { Store } from '../store';

// Rows the photos repository reads but does not write, inserted directly on either store for its tests (the users'
// and listings' own helpers run on SQLite only until their services move over).

let n = 0;

export async function insertUser(store: Store, overrides: Partial<{ name: string; displayName: string | null; phone: string; isAdmin: boolean }> = {}) {
  const values = { username: `bruker${++n}`, passwordHash: 'x', name: 'Kari Nordmann', displayName: null, email: `k${n}@example.no`, phone: '91234567', uniqueId: `U-${n}-${Date.now()}`, ...overrides };
  const row = store.dialect === 'sqlite' ? store.db.insert(lite.users).values(values).returning().get() : (await store.db.insert(pg.users).values(values).returning())[0];
  return row.id;
}

type ListingOverrides = Partial<Pick<lite.NewListing, 'address' | 'status' | 'active' | 'municipalityNumber' | 'hideAddress' | 'hideContactInfo' | 'contactPhone' | 'place' | 'price'>>;

export async function insertListingRow(store: Store, userId: number, overrides: ListingOverrides = {}) {
  const values = { userId, uniqueCode: `BP-T${++n}`, make: 'Tesla', model: 'Model 3', year: 2020, registrationNumber: `EL${n}`, price: 300_000, totalPrice: 300_000, ...overrides };
  const row = store.dialect === 'sqlite' ? store.db.insert(lite.listings).values(values).returning().get() : (await store.db.insert(pg.listings).values(values).returning())[0];
  return row.id;
}

export async function insertRevision(store: Store, listingId: number, fields: Partial<ReviewedValues>) {
  if (store.dialect === 'sqlite') store.db.insert(lite.listingRevisions).values({ listingId, fields }).run();
  else await store.db.insert(pg.listingRevisions).values({ listingId, fields });
}

export async function insertSaved(store: Store, userId: number, listingId: number) {
  if (store.dialect === 'sqlite') store.db.insert(lite.savedListings).values({ userId, listingId }).run();
  else await store.db.insert(pg.savedListings).values({ userId, listingId });
}

type ImageChanges = Partial<Pick<lite.ListingImage, 'listingId' | 'revisionListingId' | 'createdAt' | 'position' | 'mediumUrl'>>;

export async function updateImage(store: Store, id: number, set: ImageChanges) {
  if (store.dialect === 'sqlite') store.db.update(lite.listingImages).set(set).where(eq(lite.listingImages.id, id)).run();
  else await store.db.update(pg.listingImages).set(set).where(eq(pg.listingImages.id, id));
}

export async function imageRows(store: Store): Promise<lite.ListingImage[]> {
  const rows = store.dialect === 'sqlite' ? store.db.select().from(lite.listingImages).all() : await store.db.select().from(pg.listingImages);
  return rows.sort((a, b) => a.id - b.id);
}

export async function setListingAddress(store: Store, id: number, address: string) {
  if (store.dialect === 'sqlite') store.db.update(lite.listings).set({ address }).where(eq(lite.listings.id, id)).run();
  else await store.db.update(pg.listings).set({ address }).where(eq(pg.listings.id, id));
}

/** A photo's row as stageImage writes it, without files (the repository's tests need none). */
export function stagedPhoto(uploaderId: number, storedBytes = 1000) {
  const key = `ab/photo${++n}x${Date.now()}`;
  return {
    uploaderId,
    storageKey: `${key}.webp`,
    url: `/uploads/${key}.webp`,
    thumbUrl: `/uploads/${key}-thumb.webp`,
    mediumUrl: `/uploads/${key}-medium.webp`,
    width: 1600,
    height: 1200,
    storedBytes,
  };
}
