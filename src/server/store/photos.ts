import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Listing, ListingImage, ListingRevision } from '../../../db/schema';
import type { Q } from './dialect';
import type { RegistryFactsRow } from './registry-facts';
import { affectedRows, afterIdParam, isRowId, Repository, type StoreParts } from './repository';

// Listing photos (staged uploads and their bounds, the clean-up, the medium-size backfill), the detail view's reads and
// the county look-up; PostgreSQL reads the detail in one round trip (store/pg/photos.ts).

/** A photo's files as stored (services/images.ts writes them, the medium size included). */
export type StoredImage = Pick<ListingImage, 'storageKey' | 'url' | 'thumbUrl' | 'width' | 'height' | 'storedBytes'> & { mediumUrl: string };

/** A photo's files as stored, staged for `uploaderId`. */
export type NewStagedPhoto = StoredImage & { uploaderId: number };

/** The bounds on staged photos (docs/product/limits.md#photos), with the start of the account's 24-hour window. */
export interface StagingBounds {
  accountPhotos: number;
  accountBytes: number;
  totalBytes: number;
  /** Only the account's staged photos uploaded after this count towards its bound. */
  since: Date;
}

/** Why a staged photo has no room. `held` is the account's counted photos, oldest first: when its bound frees. */
export type StagingRefusal = { bound: 'account'; held: { createdAt: Date; bytes: number }[] } | { bound: 'total' };

export type StageResult = { staged: ListingImage } | { refused: StagingRefusal };

/** What the detail view reads of one listing; `saved` says whether the viewer saved it. */
export interface ListingDetailRows {
  listing: Listing;
  images: ListingImage[];
  seller: { name: string; displayName: string | null; phone: string } | null;
  saved: boolean;
  /** What the vehicle registry said of its plate, if looked up (store/registry-facts.ts). */
  facts: RegistryFactsRow | null;
  /** Its price history, oldest first (store/prices.ts). */
  history: { totalPrice: number; at: Date }[];
}

/** The store's parts, the database or a transaction on it. */
type QueryParts = Omit<StoreParts, 'db'> & { db: Q };

/** The transaction-level lock of staging ('bpsp' in ASCII; nothing else takes it). */
const STAGING_LOCK = 0x62707370;

/** The staging bounds' counts, unexecuted (a test checks their plans): served by listing_images_staged_idx alone. */
export function stagedQueries({ db, t, d }: QueryParts, uploaderId: number, since: Date) {
  const i = t.listingImages;
  const from = d.throughIndex(i, 'listing_images_staged_idx');
  const isStaged = and(isNull(i.listingId), isNull(i.revisionListingId));
  const account = and(eq(i.uploaderId, uploaderId), gt(i.createdAt, since), isStaged);
  const bytes = sql<number>`coalesce(sum(${i.storedBytes}), 0)`.mapWith(Number);
  return {
    /** An account's staged photos uploaded after `since`: how many, and their bytes. */
    account: db.select({ photos: sql<number>`count(*)`.mapWith(Number), bytes }).from(from).where(account),
    /** The same photos one by one, oldest first: when the bound frees (ties by bytes, all the answer holds: the index's order). */
    // Expressions, not columns: drizzle checks a column's table is in the FROM, which the SQLite one is not by name.
    accountRows: db
      .select({ createdAt: sql`${i.createdAt}`.mapWith(i.createdAt), bytes: sql`${i.storedBytes}`.mapWith(Number) })
      .from(from)
      .where(account)
      .orderBy(asc(i.createdAt), asc(i.storedBytes)),
    /** Bytes of every staged photo on disk, the expired ones the next clean-up removes included. */
    total: db.select({ bytes }).from(from).where(isStaged),
  };
}

/** The detail view's reads, prepared: on SQLite building a query costs more than running it. */
function prepareReads({ db, t }: StoreParts) {
  const { listings, listingImages: i, listingRevisions: r, users, savedListings: s, listingRegistryFacts: f, listingPrices: p } = t;
  const id = sql.placeholder('id');
  const seller = { name: users.name, displayName: users.displayName, phone: users.phone };
  return {
    listing: db
      .select({ listing: listings, seller, facts: f })
      .from(listings)
      .leftJoin(users, eq(users.id, listings.userId))
      .leftJoin(f, eq(f.listingId, listings.id))
      .where(eq(listings.id, id))
      .prepare('photos_listing'),
    images: db.select().from(i).where(eq(i.listingId, id)).orderBy(asc(i.position), asc(i.id)).prepare('photos_listing_images'),
    saved: db.select({ one: sql`1` }).from(s).where(and(eq(s.userId, sql.placeholder('viewer')), eq(s.listingId, id))).prepare('photos_saved'),
    history: db.select({ totalPrice: p.totalPrice, at: p.at }).from(p).where(eq(p.listingId, id)).orderBy(asc(p.at), asc(p.id)).prepare('photos_history'),
    revision: db.select().from(r).where(eq(r.listingId, id)).prepare('photos_revision'),
    revisionImages: db.select().from(i).where(eq(i.revisionListingId, id)).orderBy(asc(i.position), asc(i.id)).prepare('photos_revision_images'),
  };
}

export class PhotosRepo extends Repository {
  private prepared: ReturnType<typeof prepareReads> | undefined;

  /** The detail view's reads, prepared at first use, not when the store opens (prepareReads). */
  private get reads() {
    return (this.prepared ??= prepareReads(this));
  }

  /** Whether a photo of `bytes` would fit the bounds now (a read only: the answer may be stale by the insert). */
  async stagingRefusal(uploaderId: number, bytes: number, bounds: StagingBounds): Promise<StagingRefusal | null> {
    return refusal(this, uploaderId, bytes, bounds);
  }

  /** Inserts a staged photo if it fits the bounds, in a transaction no other staging comes between. */
  async stage(photo: NewStagedPhoto, bounds: StagingBounds): Promise<StageResult> {
    return this.d.transaction(this.db, async (tx): Promise<StageResult> => {
      // The total bound is everyone's: the lock orders every instance's stagings until commit (docs/store.md#locks-and-ordering).
      await this.d.orderLock(tx, STAGING_LOCK);
      const refused = await refusal({ t: this.t, d: this.d, db: tx }, photo.uploaderId, photo.storedBytes, bounds);
      if (refused) return { refused };
      const [staged] = await tx.insert(this.t.listingImages).values({ listingId: null, position: 0, ...photo }).returning();
      return { staged };
    });
  }

  /** Deletes staged photos created before `before` in one statement, answering the keys of the rows it deleted. */
  async deleteStagedBefore(before: Date): Promise<{ storageKey: string }[]> {
    const i = this.t.listingImages;
    // A photo of an edit waiting for review (revision_listing_id) is not staged: it waits as long as the edit.
    const expired = and(isNull(i.listingId), isNull(i.revisionListingId), lt(i.createdAt, before));
    return this.db.delete(i).where(expired).returning({ storageKey: i.storageKey });
  }

  /** Photos without a medium size (medium_url null) with an id above `afterId`, in id order. */
  async missingMedium(afterId: number, limit: number): Promise<{ id: number; storageKey: string; width: number; height: number }[]> {
    const i = this.t.listingImages;
    const { id, storageKey, width, height } = i;
    const missing = and(isNull(i.mediumUrl), gt(id, afterIdParam(afterId)));
    return this.db.select({ id, storageKey, width, height }).from(i).where(missing).orderBy(asc(id)).limit(limit);
  }

  /** Sets a photo's medium URL (and its size when given) unless it has one already; false when nothing was updated. */
  async setMedium(id: number, mediumUrl: string, size?: { width: number; height: number }): Promise<boolean> {
    if (!isRowId(id)) return false;
    const i = this.t.listingImages;
    return affectedRows(await this.db.update(i).set({ mediumUrl, ...size }).where(and(eq(i.id, id), isNull(i.mediumUrl)))) === 1;
  }

  /** Whether the photo's row still exists. */
  async exists(id: number): Promise<boolean> {
    if (!isRowId(id)) return false;
    const i = this.t.listingImages;
    return (await this.db.select({ id: i.id }).from(i).where(eq(i.id, id)).limit(1)).length > 0;
  }

  /** Whether a row has one of these storage keys (the start-up sweep asks for each file). */
  async hasStorageKey(keys: string[]): Promise<boolean> {
    if (keys.length === 0) return false;
    const i = this.t.listingImages;
    return (await this.db.select({ id: i.id }).from(i).where(inArray(i.storageKey, keys)).limit(1)).length > 0;
  }

  /** A listing, its photos in order, its seller and whether `viewerId` saved it; undefined when there is no such listing. */
  async listingDetail(id: number, viewerId: number | null): Promise<ListingDetailRows | undefined> {
    if (!isRowId(id)) return undefined;
    const [row] = await this.reads.listing.execute({ id });
    if (!row) return undefined;
    const [images, history, saved] = await Promise.all([
      this.reads.images.execute({ id }),
      this.reads.history.execute({ id }),
      viewerId !== null && isRowId(viewerId) ? this.reads.saved.execute({ id, viewer: viewerId }) : [],
    ]);
    const { listing, seller, facts } = row;
    return { listing, images, seller: seller ?? null, saved: saved.length > 0, facts, history };
  }

  /** The edit of a listing waiting for review, with its photos in order. */
  async pendingRevision(listingId: number): Promise<{ revision: ListingRevision; images: ListingImage[] } | undefined> {
    if (!isRowId(listingId)) return undefined;
    const [revision] = await this.reads.revision.execute({ id: listingId });
    return revision ? { revision, images: await this.reads.revisionImages.execute({ id: listingId }) } : undefined;
  }

  /** Listings waiting for their county (municipality_number ''), newest first. */
  async awaitingCounty(limit: number): Promise<{ id: number; address: string }[]> {
    const { id, address, municipalityNumber } = this.t.listings;
    return this.db.select({ id, address }).from(this.t.listings).where(eq(municipalityNumber, '')).orderBy(desc(id)).limit(limit);
  }

  /** Stores a listing's municipality and county if its address is still `address`; false when it changed meanwhile. */
  async setCounty(id: number, address: string, municipalityNumber: string, county: string): Promise<boolean> {
    if (!isRowId(id)) return false;
    const { listings } = this.t;
    // The address is part of the condition: one changed meanwhile was cleared again and waits for its own look-up.
    const unchanged = and(eq(listings.id, id), eq(listings.address, address));
    return affectedRows(await this.db.update(listings).set({ municipalityNumber, county }).where(unchanged)) === 1;
  }
}

async function refusal(parts: QueryParts, uploaderId: number, bytes: number, bounds: StagingBounds): Promise<StagingRefusal | null> {
  const q = stagedQueries(parts, uploaderId, bounds.since);
  const [mine] = await q.account;
  if (mine.photos + 1 > bounds.accountPhotos || mine.bytes + bytes > bounds.accountBytes) return { bound: 'account', held: await q.accountRows };
  const [total] = await q.total;
  return total.bytes + bytes > bounds.totalBytes ? { bound: 'total' } : null;
}
