import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { listingImages, listingRevisions, listings, savedListings, users } from '../../../../db/schema';
import type { ListingDetailRows, NewStagedPhoto, PhotosRepo, StageResult, StagingBounds, StagingRefusal } from '../photos';

// The counting queries name the partial index of staged photos (db/schema/listings.ts listing_images_staged_idx):
// SQLite's planner, without statistics, would rather take listing_images_revision_idx for `revision_listing_id IS
// NULL`, which every attached photo matches too. Its condition is spelled as the index's, so the index applies.
const STAGED = 'listing_id IS NULL AND revision_listing_id IS NULL';
const FROM_STAGED = 'FROM listing_images INDEXED BY listing_images_staged_idx';
/** The SQL of the bounds' counts (exported for the test of their plans). */
export const STAGED_SQL = {
  /** An account's staged photos uploaded after a time (ms): how many, and their bytes. */
  account: `SELECT count(*) AS photos, coalesce(sum(stored_bytes), 0) AS bytes ${FROM_STAGED} WHERE uploader_id = ? AND created_at > ? AND ${STAGED}`,
  /** The same photos one by one, oldest first: when the bound frees. */
  accountRows: `SELECT created_at AS createdAt, stored_bytes AS bytes ${FROM_STAGED} WHERE uploader_id = ? AND created_at > ? AND ${STAGED} ORDER BY created_at`,
  /** Bytes of every staged photo on disk, the expired ones the next clean-up removes included. */
  total: `SELECT coalesce(sum(stored_bytes), 0) AS bytes ${FROM_STAGED} WHERE ${STAGED}`,
} as const;

const isStaged = and(isNull(listingImages.listingId), isNull(listingImages.revisionListingId));

function prepare(db: Db) {
  const id = sql.placeholder('id');
  return {
    account: db.$client.prepare(STAGED_SQL.account),
    accountRows: db.$client.prepare(STAGED_SQL.accountRows),
    total: db.$client.prepare(STAGED_SQL.total),
    listing: db.select().from(listings).where(eq(listings.id, id)).prepare(),
    images: db.select().from(listingImages).where(eq(listingImages.listingId, id)).orderBy(asc(listingImages.position), asc(listingImages.id)).prepare(),
    seller: db.select({ name: users.name, displayName: users.displayName, phone: users.phone }).from(users).where(eq(users.id, id)).prepare(),
    saved: db
      .select({ one: sql<number>`1` })
      .from(savedListings)
      .where(and(eq(savedListings.userId, sql.placeholder('userId')), eq(savedListings.listingId, id)))
      .prepare(),
    revision: db.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)).prepare(),
    revisionImages: db
      .select()
      .from(listingImages)
      .where(eq(listingImages.revisionListingId, id))
      .orderBy(asc(listingImages.position), asc(listingImages.id))
      .prepare(),
  };
}

export class SqlitePhotosRepo implements PhotosRepo {
  private prepared: ReturnType<typeof prepare> | undefined;

  constructor(readonly db: Db) {}

  /** The statements, prepared at first use (the detail view is the hottest read of the app), not when the store opens. */
  private get s() {
    return (this.prepared ??= prepare(this.db));
  }

  /** Synchronous, so it runs inside the insert's transaction on the same connection. */
  private refusal(uploaderId: number, bytes: number, bounds: StagingBounds): StagingRefusal | null {
    const since = bounds.since.getTime();
    const mine = this.s.account.get(uploaderId, since) as { photos: number; bytes: number };
    if (mine.photos + 1 > bounds.accountPhotos || mine.bytes + bytes > bounds.accountBytes) {
      const held = this.s.accountRows.all(uploaderId, since) as { createdAt: number; bytes: number }[];
      return { bound: 'account', held: held.map((r) => ({ createdAt: new Date(r.createdAt), bytes: r.bytes })) };
    }
    const total = this.s.total.get() as { bytes: number };
    return total.bytes + bytes > bounds.totalBytes ? { bound: 'total' } : null;
  }

  async stagingRefusal(uploaderId: number, bytes: number, bounds: StagingBounds) {
    return this.refusal(uploaderId, bytes, bounds);
  }

  async stage(photo: NewStagedPhoto, bounds: StagingBounds): Promise<StageResult> {
    // IMMEDIATE takes the write lock before the counts: no other writer comes between them and the row.
    return this.db.transaction(
      (tx): StageResult => {
        const refused = this.refusal(photo.uploaderId, photo.storedBytes, bounds);
        if (refused) return { refused };
        return { staged: tx.insert(listingImages).values({ listingId: null, position: 0, ...photo }).returning().get() };
      },
      { behavior: 'immediate' },
    );
  }

  async deleteStagedBefore(before: Date) {
    // A photo of an edit waiting for review (revision_listing_id) is not staged: it waits as long as the edit.
    return this.db
      .delete(listingImages)
      .where(and(isStaged, lt(listingImages.createdAt, before)))
      .returning({ storageKey: listingImages.storageKey })
      .all();
  }

  async missingMedium(afterId: number, limit: number) {
    return this.db
      .select({ id: listingImages.id, storageKey: listingImages.storageKey, width: listingImages.width, height: listingImages.height })
      .from(listingImages)
      .where(and(isNull(listingImages.mediumUrl), gt(listingImages.id, afterId)))
      .orderBy(asc(listingImages.id))
      .limit(limit)
      .all();
  }

  async setMedium(id: number, mediumUrl: string, size?: { width: number; height: number }) {
    const { changes } = this.db
      .update(listingImages)
      .set({ mediumUrl, ...size })
      .where(and(eq(listingImages.id, id), isNull(listingImages.mediumUrl)))
      .run();
    return changes === 1;
  }

  async exists(id: number) {
    return this.db.select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.id, id)).get() !== undefined;
  }

  async hasStorageKey(keys: string[]) {
    if (keys.length === 0) return false;
    const row = this.db.select({ id: listingImages.id }).from(listingImages).where(inArray(listingImages.storageKey, keys)).limit(1).get();
    return row !== undefined;
  }

  async listingDetail(id: number, viewerId: number | null): Promise<ListingDetailRows | undefined> {
    const listing = this.s.listing.get({ id });
    if (!listing) return undefined;
    return {
      listing,
      images: this.s.images.all({ id }),
      seller: this.s.seller.get({ id: listing.userId }) ?? null,
      saved: viewerId !== null && this.s.saved.get({ id, userId: viewerId }) !== undefined,
    };
  }

  async pendingRevision(listingId: number) {
    const revision = this.s.revision.get({ id: listingId });
    return revision ? { revision, images: this.s.revisionImages.all({ id: listingId }) } : undefined;
  }

  async awaitingCounty(limit: number) {
    return this.db
      .select({ id: listings.id, address: listings.address })
      .from(listings)
      .where(eq(listings.municipalityNumber, ''))
      .orderBy(desc(listings.id))
      .limit(limit)
      .all();
  }

  async setCounty(id: number, address: string, municipalityNumber: string, county: string) {
    // The address is part of the condition: one changed meanwhile was cleared again and waits for its own look-up.
    const { changes } = this.db
      .update(listings)
      .set({ municipalityNumber, county })
      .where(and(eq(listings.id, id), eq(listings.address, address)))
      .run();
    return changes === 1;
  }
}
