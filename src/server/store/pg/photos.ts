import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { listingImages, listingRevisions, listings, savedListings, users } from '../../../../db/pg/schema';
import { isPgInt } from './int';
import type { ListingDetailRows, NewStagedPhoto, PhotosRepo, StageResult, StagingBounds, StagingRefusal } from '../photos';
import type { ListingImage } from '../../../../db/schema';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

// Staging's transactions take this advisory lock first: the total bound is everyone's, so the counts and the insert of
// one upload must not interleave with any other's, on any instance. The lock is held until commit, and a waiter's next
// statement sees what the holder committed (read committed takes a fresh snapshot per statement). Any constant works as
// long as nothing else takes it: "bp staged photos".
const STAGING_LOCK = 0x62707370;

// Spelled as the partial index listing_images_staged_idx's condition, so the planner may use it.
const isStaged = and(isNull(listingImages.listingId), isNull(listingImages.revisionListingId));

/** A photo row as json_build_object gives it: the row's property names, its time in milliseconds. */
type PhotoJson = Omit<ListingImage, 'createdAt'> & { createdAt: number };

function detailStatement(db: PgDb) {
  // A visitor is viewer 0: no user has that id, so nothing is saved.
  const saved = sql<boolean>`exists (select 1 from ${savedListings} where ${savedListings.userId} = ${sql.placeholder('viewer')} and ${savedListings.listingId} = ${listings.id})`;
  // The photos in the same round trip, in order, as JSON with the row's own property names.
  const photos = sql<PhotoJson[]>`(select coalesce(json_agg(json_build_object(
      'id', i.id, 'listingId', i.listing_id, 'uploaderId', i.uploader_id, 'revisionListingId', i.revision_listing_id,
      'position', i.position, 'storageKey', i.storage_key, 'url', i.url, 'thumbUrl', i.thumb_url, 'mediumUrl', i.medium_url,
      'width', i.width, 'height', i.height, 'storedBytes', i.stored_bytes,
      'createdAt', (extract(epoch from i.created_at) * 1000)::float8) order by i.position, i.id), '[]'::json)
    from listing_images i where i.listing_id = ${listings.id})`;
  return db
    .select({ listing: listings, name: users.name, displayName: users.displayName, phone: users.phone, saved, photos })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.id, sql.placeholder('id')))
    .prepare('listing_detail');
}

export class PgPhotosRepo implements PhotosRepo {
  // Prepared once, named, so PostgreSQL plans the detail's read once per connection: the page a buyer opens most.
  private readonly detail: ReturnType<typeof detailStatement>;
  constructor(readonly db: PgDb) {
    this.detail = detailStatement(db);
  }

  private async refusal(q: PgDb | Tx, uploaderId: number, bytes: number, bounds: StagingBounds): Promise<StagingRefusal | null> {
    const account = and(eq(listingImages.uploaderId, uploaderId), gt(listingImages.createdAt, bounds.since), isStaged);
    const [mine] = await q
      .select({
        photos: sql<number>`count(*)`.mapWith(Number),
        bytes: sql<number>`coalesce(sum(${listingImages.storedBytes}), 0)`.mapWith(Number),
      })
      .from(listingImages)
      .where(account);
    if (mine.photos + 1 > bounds.accountPhotos || mine.bytes + bytes > bounds.accountBytes) {
      const held = await q
        .select({ createdAt: listingImages.createdAt, bytes: listingImages.storedBytes })
        .from(listingImages)
        .where(account)
        .orderBy(asc(listingImages.createdAt), asc(listingImages.id));
      return { bound: 'account', held };
    }
    const [total] = await q
      .select({ bytes: sql<number>`coalesce(sum(${listingImages.storedBytes}), 0)`.mapWith(Number) })
      .from(listingImages)
      .where(isStaged);
    return total.bytes + bytes > bounds.totalBytes ? { bound: 'total' } : null;
  }

  stagingRefusal(uploaderId: number, bytes: number, bounds: StagingBounds) {
    return this.refusal(this.db, uploaderId, bytes, bounds);
  }

  stage(photo: NewStagedPhoto, bounds: StagingBounds): Promise<StageResult> {
    return this.db.transaction(async (tx): Promise<StageResult> => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAGING_LOCK})`);
      const refused = await this.refusal(tx, photo.uploaderId, photo.storedBytes, bounds);
      if (refused) return { refused };
      const [staged] = await tx
        .insert(listingImages)
        .values({ listingId: null, position: 0, ...photo })
        .returning();
      return { staged };
    });
  }

  deleteStagedBefore(before: Date) {
    return this.db
      .delete(listingImages)
      .where(and(isStaged, lt(listingImages.createdAt, before)))
      .returning({ storageKey: listingImages.storageKey });
  }

  missingMedium(afterId: number, limit: number) {
    return this.db
      .select({ id: listingImages.id, storageKey: listingImages.storageKey, width: listingImages.width, height: listingImages.height })
      .from(listingImages)
      .where(and(isNull(listingImages.mediumUrl), gt(listingImages.id, afterId)))
      .orderBy(asc(listingImages.id))
      .limit(limit);
  }

  async setMedium(id: number, mediumUrl: string, size?: { width: number; height: number }) {
    const updated = await this.db
      .update(listingImages)
      .set({ mediumUrl, ...size })
      .where(and(eq(listingImages.id, id), isNull(listingImages.mediumUrl)))
      .returning({ id: listingImages.id });
    return updated.length === 1;
  }

  async exists(id: number) {
    const rows = await this.db.select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.id, id));
    return rows.length > 0;
  }

  async hasStorageKey(keys: string[]) {
    if (keys.length === 0) return false;
    const rows = await this.db.select({ id: listingImages.id }).from(listingImages).where(inArray(listingImages.storageKey, keys)).limit(1);
    return rows.length > 0;
  }

  async listingDetail(id: number, viewerId: number | null): Promise<ListingDetailRows | undefined> {
    if (!isPgInt(id)) return undefined;
    // One round trip: the listing with its seller, the saved flag and its photos.
    const rows = await this.detail.execute({ id, viewer: viewerId ?? 0 });
    const row = rows[0];
    if (!row) return undefined;
    const seller = row.name === null ? null : { name: row.name, displayName: row.displayName, phone: row.phone ?? '' };
    const images = row.photos.map((p): ListingImage => ({ ...p, createdAt: new Date(p.createdAt) }));
    return { listing: row.listing, images, seller, saved: row.saved === true };
  }

  async pendingRevision(listingId: number) {
    const [revisions, images] = await Promise.all([
      this.db.select().from(listingRevisions).where(eq(listingRevisions.listingId, listingId)),
      this.db
        .select()
        .from(listingImages)
        .where(eq(listingImages.revisionListingId, listingId))
        .orderBy(asc(listingImages.position), asc(listingImages.id)),
    ]);
    return revisions[0] ? { revision: revisions[0], images } : undefined;
  }

  awaitingCounty(limit: number) {
    return this.db
      .select({ id: listings.id, address: listings.address })
      .from(listings)
      .where(eq(listings.municipalityNumber, ''))
      .orderBy(desc(listings.id))
      .limit(limit);
  }

  async setCounty(id: number, address: string, municipalityNumber: string, county: string) {
    // The address is part of the condition: one changed meanwhile was cleared again and waits for its own look-up.
    const updated = await this.db
      .update(listings)
      .set({ municipalityNumber, county })
      .where(and(eq(listings.id, id), eq(listings.address, address)))
      .returning({ id: listings.id });
    return updated.length === 1;
  }
}
