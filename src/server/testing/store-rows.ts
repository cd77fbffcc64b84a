import { eq } from 'drizzle-orm';
import * as pg from '../../../db/pg/schema';
import { listings, users, type NewListing } from '../../../db/schema';
import type { Store } from '../store';
import { insertListingImage, listingValues } from './listing-factory';

// Rows for repository contract tests, written straight into either store (the users' and listings' own services are
// not what these tests are about). Realistic Norwegian values; each call makes a new, unique row.

let seq = 0;

/** A user row; answers its id. */
export async function insertUserRow(store: Store, overrides: { name?: string; displayName?: string | null; username?: string } = {}): Promise<number> {
  seq += 1;
  const values = {
    username: overrides.username ?? `bruker${seq}_${process.pid}`,
    passwordHash: 'x',
    name: overrides.name ?? 'Kari Nordmann',
    displayName: overrides.displayName ?? null,
    email: `kari${seq}@example.no`,
    uniqueId: `BP-U${seq}${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`,
  };
  if (store.dialect === 'sqlite') return store.db.insert(users).values(values).returning({ id: users.id }).get().id;
  const [row] = await store.db.insert(pg.users).values(values).returning({ id: pg.users.id });
  return row.id;
}

/** A listing row (testing/listing-factory.ts listingValues: approved and active unless overridden); answers its id. */
export async function insertListingRow(store: Store, userId: number, overrides: Partial<NewListing> = {}): Promise<number> {
  const values = listingValues(userId, overrides);
  if (store.dialect === 'sqlite') return store.db.insert(listings).values(values).returning({ id: listings.id }).get().id;
  const [row] = await store.db
    .insert(pg.listings)
    .values(values as typeof pg.listings.$inferInsert)
    .returning({ id: pg.listings.id });
  return row.id;
}

/** Changes a listing row (hide it, deactivate it). */
export async function updateListingRow(store: Store, id: number, set: Partial<Pick<NewListing, 'status' | 'active' | 'coverImage'>>): Promise<void> {
  if (store.dialect === 'sqlite') store.db.update(listings).set(set).where(eq(listings.id, id)).run();
  else await store.db.update(pg.listings).set(set).where(eq(pg.listings.id, id));
}

/** A photo row of a listing at `position`; answers its thumbnail URL. */
export async function insertPhotoRow(store: Store, listingId: number, position: number): Promise<{ url: string; thumbUrl: string }> {
  if (store.dialect === 'sqlite') return insertListingImage(store.db, listingId, position);
  const [row] = await store.db
    .insert(pg.listingImages)
    .values({
      listingId,
      position,
      storageKey: `listings/${listingId}/${position}.webp`,
      url: `/uploads/listings/${listingId}/${position}.webp`,
      thumbUrl: `/uploads/listings/${listingId}/${position}-thumb.webp`,
      width: 1600,
      height: 1067,
    })
    .returning();
  return row;
}

/** Deletes a user row (what deleting an account does to the rows that point at it). */
export async function deleteUserRow(store: Store, id: number): Promise<void> {
  if (store.dialect === 'sqlite') store.db.delete(users).where(eq(users.id, id)).run();
  else await store.db.delete(pg.users).where(eq(pg.users.id, id));
}
