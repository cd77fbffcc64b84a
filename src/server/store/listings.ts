// Listings, their revisions, moderation and inquiries, one implementation for both stores (docs/decisions/023-one-store.md). A
// business transaction is one method; its rules are the service's synchronous `decide` (docs/store.md#business-transactions).

import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { inquiries, Listing, ListingImage, ListingRevision, NewListing, Notification } from '../../../db/schema';
import type { AdminListingsParams } from '../../shared/schemas/admin';
import { randomCode } from '../../shared/random-code';
import type { Q, Tables, Tx } from './dialect';
import { insertAudit, type AuditWrite } from './inbox';
import { lockListingWrites } from './locks';
import { afterListingWrite } from './prices';
import { insertNotification, insertNotifications, type NewNotification, type NotificationWrite } from './notifications';
import type { StoredImage } from './photos';
import { columnsOf, groupBy, isRowId, Repository } from './repository';
import { approved, isApproved, visible } from './rules';

export type Inquiry = typeof inquiries.$inferSelect;

/** A saved form's photo at `position` (a stored row moved, or a new file's row); `place`: on the listing, or on the owner's waiting edit. */
export type ImageWrite = { place: 'listing' | 'revision'; position: number } & ({ kind: 'existing'; id: number } | { kind: 'new'; image: StoredImage });

/** The listing's columns a form sets; the code is the repository's (unique, retried on a clash). */
export type ListingValues = Omit<NewListing, 'id' | 'uniqueCode'>;

export interface CreateWrites {
  values: ListingValues;
  images: ImageWrite[];
  /** The first photo on the listing. */
  coverImage: string | null;
}

export interface EditState {
  /** The listing as it is now, or undefined when it is gone. */
  before: Listing | undefined;
  revision: ListingRevision | undefined;
  /** The photos the form names by storage key: on this listing, on its waiting edit, or staged by anyone. */
  photos: ListingImage[];
  /** Every photo of the listing and its waiting edit. */
  current: ListingImage[];
  /** The editor's name, for the audit log. */
  actorName: string;
  /** Who saved the listing: told when its price goes down (docs/product/notifications.md). */
  savers: Saver[];
}

/** One who saved a listing, and the lowest total price they have been told of. */
export interface Saver {
  userId: number;
  /** The lowest price a drop announced to them (saved_listings.announced_total_price), else the price when saved; null for neither. */
  lowestKnownPrice: number | null;
}

export type RevisionValues = Pick<ListingRevision, 'fields' | 'status' | 'rejectionReason' | 'submittedAt'>;

export interface EditWrites {
  removeImageIds: number[];
  /** The waiting edit: kept as it is, deleted (after the photos moved), written anew, or changed. */
  revision: { kind: 'keep' } | { kind: 'delete' } | { kind: 'insert'; values: RevisionValues } | { kind: 'update'; set: Partial<RevisionValues> };
  images: ImageWrite[];
  listing: Partial<ListingValues>;
  audit: AuditWrite | null;
  /** Written with the edit (a price drop told to those who saved it), pushed by the service after the commit. */
  notifications: NotificationWrite[];
  /** The savers a price drop was told to, and the price: their lowest known price from now on. */
  priceAnnounced?: { userIds: number[]; totalPrice: number };
}

/** A listing with its photos and its owner's waiting edit. */
export interface ListingView {
  row: Listing;
  images: ListingImage[];
  revision: ListingRevision | undefined;
  /** The photos the waiting edit adds, in position order. */
  newImages: ListingImage[];
}

/** A listing's owner or another person, as admin lists name them. */
export const personColumns = <I, U, N>({ id, username, name }: { id: I; username: U; name: N }) => ({ id, username, name });

export interface ReviewState {
  listing: Listing | undefined;
  /** The owner's edit of an approved listing, if one waits (or was rejected). */
  revision: ListingRevision | undefined;
  /** How many photos the edit adds. */
  newPhotos: number;
}

export type ReviewWrites = { audit: AuditWrite; notification: NotificationWrite } & (
  | { kind: 'status'; set: Pick<NewListing, 'status' | 'rejectionReason' | 'updatedAt'> }
  /** The edit's values and photos into the listing; the cover follows its first photo. */
  | { kind: 'approveEdit'; set: Partial<ListingValues> }
  | { kind: 'rejectEdit'; rejectionReason: string | null }
);

const ADMIN_ROW_KEYS = ['id', 'uniqueCode', 'make', 'model', 'year', 'registrationNumber', 'price', 'totalPrice', 'status', 'rejectionReason', 'active', 'createdAt', 'userId'] as const;

/** A row of the admin's all-listings table. */
export type AdminListingRow = Pick<Listing, (typeof ADMIN_ROW_KEYS)[number]> & { ownerUsername: string; ownerName: string };

/** A listing as a notification about it names it (a new chat's, an inquiry's). */
export type NamedListing = Pick<Listing, 'id' | 'userId' | 'make' | 'model'>;

export type InquiryValues = Pick<Inquiry, 'senderId' | 'name' | 'email' | 'phone' | 'message'>;

/** What the sitemap names of a listing buyers may see: its id and its last change. */
export type VisibleStamp = Pick<Listing, 'id' | 'updatedAt'>;

/** The photos on these listings (`of` 'listingId') or on their waiting edits ('revisionListingId'), by listing id, in order. */
export async function imagesOf(q: Q, t: Tables, ids: number[], of: 'listingId' | 'revisionListingId' = 'listingId') {
  if (ids.length === 0) return new Map<number, ListingImage[]>();
  const i = t.listingImages;
  const rows = await q.select().from(i).where(inArray(i[of], ids)).orderBy(asc(i[of]), asc(i.position), asc(i.id));
  return groupBy(rows, (r) => r[of]!);
}

async function viewsOf(q: Q, t: Tables, rows: Listing[]): Promise<ListingView[]> {
  const ids = rows.map((r) => r.id);
  const images = await imagesOf(q, t, ids);
  const revisions = new Map(
    ids.length ? (await q.select().from(t.listingRevisions).where(inArray(t.listingRevisions.listingId, ids))).map((r) => [r.listingId, r] as const) : [],
  );
  const newImages = await imagesOf(q, t, [...revisions.keys()], 'revisionListingId');
  return rows.map((row) => ({ row, images: images.get(row.id) ?? [], revision: revisions.get(row.id), newImages: newImages.get(row.id) ?? [] }));
}

/** Every photo row of the listing: the approved ones and those of a waiting edit. */
function photoRowsOf(q: Q, t: Tables, id: number): Promise<ListingImage[]> {
  const i = t.listingImages;
  return q.select().from(i).where(or(eq(i.listingId, id), eq(i.revisionListingId, id)));
}

const adminRowColumns = ({ listings, users }: Tables) => ({
  ...columnsOf(listings, ADMIN_ROW_KEYS),
  ownerUsername: users.username,
  ownerName: users.name,
});

export class ListingsRepo extends Repository {
  async find(id: number): Promise<Listing | undefined> {
    if (!isRowId(id)) return undefined;
    const [row] = await this.db.select().from(this.t.listings).where(eq(this.t.listings.id, id)).limit(1);
    return row;
  }

  /** The listing with its photos and waiting edit. */
  async view(id: number): Promise<ListingView | undefined> {
    const row = await this.find(id);
    return row ? (await viewsOf(this.db, this.t, [row]))[0] : undefined;
  }

  /** The user's listings, newest first, each with its photos and waiting edit (a fixed number of queries). */
  async viewsOfOwner(userId: number): Promise<ListingView[]> {
    const { listings } = this.t;
    const rows = await this.db.select().from(listings).where(eq(listings.userId, userId)).orderBy(desc(listings.createdAt), desc(listings.id));
    return viewsOf(this.db, this.t, rows);
  }

  /** A new listing with a fresh code and its photos, in one transaction; answers its id. `decide` gets the staged photos the form names. */
  async create(actorId: number, photoKeys: string[], decide: (state: { photos: ListingImage[] }) => CreateWrites): Promise<number> {
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      const w = decide({ photos: await this.namedPhotos(tx, photoKeys, null) });
      const row = await this.insertWithFreshCode(tx, w.values);
      await this.writeImages(tx, row.id, w.images, actorId);
      if (w.coverImage) await tx.update(this.t.listings).set({ coverImage: w.coverImage }).where(eq(this.t.listings.id, row.id));
      return row.id;
    });
  }

  /** An edit in one transaction; answers the photo rows it removed (their files are the caller's to delete) and the notifications it wrote. */
  async edit(id: number, actorId: number, photoKeys: string[], decide: (state: EditState) => EditWrites): Promise<{ removed: ListingImage[]; notifications: Notification[] }> {
    const { listings, listingRevisions, listingImages, users, savedListings } = this.t;
    const lowestKnownPrice = sql<number | null>`coalesce(${savedListings.announcedTotalPrice}, ${savedListings.savedTotalPrice})`;
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      // Locked: two saves of one listing apply one after the other, each deciding on what the other committed.
      const [before] = isRowId(id) ? await this.d.lockRows(tx.select().from(listings).where(eq(listings.id, id))) : [];
      const [revision] = before ? await tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)) : [];
      const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
      const saversOf = tx.select({ userId: savedListings.userId, lowestKnownPrice }).from(savedListings);
      const state: EditState = {
        before,
        revision,
        photos: before ? await this.namedPhotos(tx, photoKeys, id) : [],
        current: before ? await photoRowsOf(tx, this.t, id) : [],
        actorName: actor?.name ?? '',
        savers: before ? await saversOf.where(eq(savedListings.listingId, id)) : [],
      };
      const w = decide(state);
      const removed = state.current.filter((r) => w.removeImageIds.includes(r.id));
      if (w.removeImageIds.length) await tx.delete(listingImages).where(inArray(listingImages.id, w.removeImageIds));
      // The edit's row is written before photos move onto it and deleted after (docs/store.md#foreign-keys-and-write-order).
      if (w.revision.kind === 'insert') await tx.insert(listingRevisions).values({ listingId: id, ...w.revision.values });
      if (w.revision.kind === 'update') await tx.update(listingRevisions).set(w.revision.set).where(eq(listingRevisions.listingId, id));
      await this.writeImages(tx, id, w.images, actorId);
      if (w.revision.kind === 'delete') await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id));
      await tx.update(listings).set(w.listing).where(eq(listings.id, id));
      if (before) await afterListingWrite(tx, this, before, id);
      if (w.audit) await insertAudit(tx, this.t, w.audit);
      const told = w.priceAnnounced;
      if (told?.userIds.length) {
        const toldSavers = and(eq(savedListings.listingId, id), inArray(savedListings.userId, told.userIds));
        await tx.update(savedListings).set({ announcedTotalPrice: told.totalPrice }).where(toldSavers);
      }
      return { removed, notifications: await insertNotifications(tx, this, w.notifications) };
    });
  }

  /**
   * Sets the active flag; false when there is no such listing, or when activating one reports hid (services/reports.ts). Activating a
   * sold listing takes it back onto the market: a sold listing is never active (docs/product/states.md#sold).
   */
  async setActive(id: number, active: boolean): Promise<boolean> {
    const updatedAt = new Date();
    return active ? this.update(id, { active, soldAt: null, updatedAt }, isNull(this.t.listings.reportHiddenAt)) : this.update(id, { active, updatedAt });
  }

  /** Marks the listing sold (inactive) or back on the market; false when it is missing or reports hid it (a sold listing's page opens for all). */
  async setSold(id: number, sold: boolean): Promise<boolean> {
    const now = new Date();
    return this.update(id, { soldAt: sold ? now : null, active: !sold, updatedAt: now }, isNull(this.t.listings.reportHiddenAt));
  }

  /**
   * Deletes the listing (photo rows, waiting edit, saved entries and inquiries go by foreign key) with `decide`'s audit entry, in one
   * transaction; answers every photo row it had, for their files.
   */
  async remove(id: number, decide: (target: (Listing & { ownerUsername: string }) | undefined) => AuditWrite | null): Promise<ListingImage[]> {
    const { listings, users } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      const query = tx.select({ listing: listings, ownerUsername: users.username }).from(listings).innerJoin(users, eq(users.id, listings.userId));
      const [found] = isRowId(id) ? await this.d.lockRows(query.where(eq(listings.id, id)), listings) : [];
      const audit = decide(found && { ...found.listing, ownerUsername: found.ownerUsername });
      if (!found) return [];
      const rows = await photoRowsOf(tx, this.t, id);
      await tx.delete(listings).where(eq(listings.id, id));
      await afterListingWrite(tx, this, found.listing, id);
      if (audit) await insertAudit(tx, this.t, audit);
      return rows;
    });
  }

  /** An admin's decision, its audit entry and the owner's notification in one transaction; answers the notification. */
  async review(id: number, decide: (state: ReviewState) => ReviewWrites): Promise<Notification> {
    const { listings, listingRevisions, listingImages } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      // Locked: an owner's save of the edit waits for the decision (or the decision for the save), never half of each.
      const [listing] = isRowId(id) ? await this.d.lockRows(tx.select().from(listings).where(eq(listings.id, id))) : [];
      const [revision] = isApproved(listing) ? await tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)) : [];
      const [photos] = revision ? await tx.select({ n: count() }).from(listingImages).where(eq(listingImages.revisionListingId, id)) : [];
      const w = decide({ listing, revision, newPhotos: photos?.n ?? 0 });
      if (w.kind === 'status') {
        await tx.update(listings).set(w.set).where(eq(listings.id, id));
      } else if (w.kind === 'approveEdit') {
        // Photos first: deleting the revision would take its photos with it (foreign key).
        await tx.update(listingImages).set({ listingId: id, revisionListingId: null }).where(eq(listingImages.revisionListingId, id));
        await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id));
        const photos = tx.select({ thumbUrl: listingImages.thumbUrl }).from(listingImages).where(eq(listingImages.listingId, id));
        const [cover] = await photos.orderBy(asc(listingImages.position), asc(listingImages.id)).limit(1);
        await tx.update(listings).set({ ...w.set, coverImage: cover?.thumbUrl ?? null }).where(eq(listings.id, id));
      } else {
        await tx.update(listingRevisions).set({ status: 'rejected', rejectionReason: w.rejectionReason }).where(eq(listingRevisions.listingId, id));
      }
      if (listing) await afterListingWrite(tx, this, listing, id);
      await insertAudit(tx, this.t, w.audit);
      return insertNotification(tx, this, w.notification.userId, w.notification);
    });
  }

  /** The moderation queue: new listings and approved ones with an edit waiting, with owners; their photos and the edits', by listing id. */
  async pending() {
    const { listings, listingRevisions, users } = this.t;
    const owner = personColumns(users);
    // One snapshot: a listing approved meanwhile is in neither list or in one, never half.
    return this.d.snapshot(this.db, async (q) => {
      const fresh = await q.select({ listing: listings, owner }).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(eq(listings.status, 'pending'));
      const revisions = q.select({ listing: listings, owner, revision: listingRevisions }).from(listingRevisions);
      const withOwner = revisions.innerJoin(listings, eq(listings.id, listingRevisions.listingId)).innerJoin(users, eq(users.id, listings.userId));
      const edits = await withOwner.where(and(eq(listingRevisions.status, 'pending'), approved(listings)));
      const images = await imagesOf(q, this.t, [...fresh, ...edits].map((r) => r.listing.id));
      const newImages = await imagesOf(q, this.t, edits.map((r) => r.listing.id), 'revisionListingId');
      return { fresh, edits, images, newImages };
    });
  }

  /** One page of the admin's table and the number of matches, as of one moment; `search` is normalised (services/admin-listings.ts). */
  async adminPage(params: AdminListingsParams): Promise<{ rows: AdminListingRow[]; total: number }> {
    const { listings, users } = this.t;
    const where = this.adminWhere(params);
    // One snapshot: the count and the page see the same listings.
    return this.d.snapshot(this.db, async (q) => {
      const [{ n: total }] = await q.select({ n: count() }).from(listings).where(where);
      // Ids sorted from the listings alone, then only those rows read with their owner: joining first made SQLite walk users and
      // fetch listings by owner (docs/product/admin.md#speed).
      const page = q.select({ id: listings.id }).from(listings).where(where).orderBy(...this.adminOrder(params));
      const ids = params.offset >= total ? [] : (await page.limit(params.limit).offset(params.offset)).map((r) => r.id);
      const rows = ids.length ? await q.select(adminRowColumns(this.t)).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(inArray(listings.id, ids)) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.flatMap((i) => byId.get(i) ?? []), total };
    });
  }

  /** The visible listings in id order, `limit` after the first `offset`, and their total, as of one moment (pages/sitemap.ts). */
  async visiblePage(offset: number, limit: number): Promise<{ rows: VisibleStamp[]; total: number }> {
    const { listings } = this.t;
    // One snapshot: the count and the page see the same listings.
    return this.d.snapshot(this.db, async (q) => {
      const [{ n: total }] = await q.select({ n: count() }).from(listings).where(visible(listings));
      const rows =
        offset >= total || limit <= 0
          ? []
          : await q.select({ id: listings.id, updatedAt: listings.updatedAt }).from(listings).where(visible(listings)).orderBy(asc(listings.id)).limit(limit).offset(offset);
      return { rows, total };
    });
  }

  /** The inquiry and its notification in one transaction; `decide` refuses, or says what the seller is told. */
  async createInquiry(
    listingId: number,
    values: InquiryValues,
    decide: (listing: NamedListing | undefined) => (inquiry: Inquiry) => NewNotification,
  ): Promise<{ inquiry: Inquiry; notification: Notification }> {
    const { listings, inquiries } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      const query = tx.select({ id: listings.id, userId: listings.userId, make: listings.make, model: listings.model }).from(listings);
      // Shared lock: the listing cannot be deleted or hidden between the check and the insert.
      const [listing] = isRowId(listingId) ? await this.d.lockRowsShared(query.where(and(eq(listings.id, listingId), visible(listings)))) : [];
      const notify = decide(listing);
      const [inquiry] = await tx.insert(inquiries).values({ ...values, listingId }).returning();
      const notification = await insertNotification(tx, this, listing!.userId, notify(inquiry));
      return { inquiry, notification };
    });
  }

  /** Demo data: listings with fresh codes and their photos (the first the cover), in one transaction; answers the number of photo rows. */
  async insertDemo(items: { values: ListingValues; photos: StoredImage[] }[]): Promise<number> {
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      let images = 0;
      for (const { values, photos } of items) {
        const row = await this.insertWithFreshCode(tx, { ...values, coverImage: photos[0]?.thumbUrl ?? null });
        for (const [position, p] of photos.entries()) {
          await tx.insert(this.t.listingImages).values({ listingId: row.id, uploaderId: values.userId, position, ...p, createdAt: values.createdAt });
          images += 1;
        }
        await afterListingWrite(tx, this, undefined, row.id, values.createdAt ?? new Date());
      }
      return images;
    });
  }

  // --- inside the transactions ---------------------------------------------------------------------------------------

  /** Changes the listing's state when `condition` holds too, its price history and its group's ratings following. */
  private async update(id: number, set: Partial<ListingValues>, condition?: SQL): Promise<boolean> {
    if (!isRowId(id)) return false;
    const { listings } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      const [before] = await this.d.lockRows(tx.select().from(listings).where(and(eq(listings.id, id), condition)));
      if (!before) return false;
      await tx.update(listings).set(set).where(eq(listings.id, id));
      await afterListingWrite(tx, this, before, id);
      return true;
    });
  }

  /** The photos named by storage key that are staged, or on this listing or its waiting edit. */
  private async namedPhotos(tx: Tx, keys: string[], listingId: number | null): Promise<ListingImage[]> {
    if (keys.length === 0) return [];
    const i = this.t.listingImages;
    const staged = and(isNull(i.listingId), isNull(i.revisionListingId));
    const mine = listingId === null ? staged : or(eq(i.listingId, listingId), eq(i.revisionListingId, listingId), staged);
    // Locked: two saves naming the same staged photo attach it once, the second sees where the first put it.
    return this.d.lockRows(tx.select().from(i).where(and(inArray(i.storageKey, keys), mine)));
  }

  /** Writes the form's photos in order: the cover is the rules' (they know the first on the listing). */
  private async writeImages(tx: Tx, listingId: number, images: ImageWrite[], uploaderId: number) {
    const i = this.t.listingImages;
    for (const w of images) {
      const place = w.place === 'revision' ? { listingId: null, revisionListingId: listingId } : { listingId, revisionListingId: null };
      if (w.kind === 'existing') await tx.update(i).set({ ...place, position: w.position }).where(eq(i.id, w.id));
      else await tx.insert(i).values({ ...place, uploaderId, position: w.position, ...w.image });
    }
  }

  /** Inserts the listing under a fresh BP-code; a clash inserts nothing and draws again, so PostgreSQL needs no savepoint. */
  private async insertWithFreshCode(tx: Tx, values: ListingValues): Promise<Listing> {
    const { listings } = this.t;
    for (let attempt = 0; attempt < 6; attempt++) {
      const coded = tx.insert(listings).values({ ...values, uniqueCode: `BP-${randomCode(6)}` });
      const [row] = await coded.onConflictDoNothing({ target: listings.uniqueCode }).returning();
      if (row) return row;
    }
    throw new Error('No free listing code after 6 draws');
  }

  private adminWhere(params: Pick<AdminListingsParams, 'status' | 'search'>): SQL | undefined {
    const { listings } = this.t;
    const conditions: SQL[] = [];
    if (params.status) conditions.push(eq(listings.status, params.status));
    const q = params.search ?? '';
    if (q) {
      const matches = [this.d.startsWith(listings.uniqueCode, q), this.d.startsWith(listings.registrationNumber, q)];
      // A code typed without its prefix ('4F7K2Q') finds 'BP-4F7K2Q'.
      if (!q.startsWith('BP-')) matches.push(this.d.startsWith(listings.uniqueCode, `BP-${q}`));
      conditions.push(or(...matches)!);
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  private adminOrder(params: Pick<AdminListingsParams, 'sort' | 'direction'>): SQL[] {
    const { listings } = this.t;
    const dir = params.direction === 'asc' ? asc : desc;
    // Ties are broken by id in the same direction, so a page boundary never repeats or skips a row.
    switch (params.sort) {
      case 'price':
        return [dir(listings.totalPrice), dir(listings.id)];
      case 'status':
        return [dir(listings.status), desc(listings.createdAt), desc(listings.id)];
      case 'make':
        return [dir(this.d.caseFolded(listings.make)), dir(this.d.caseFolded(listings.model)), desc(listings.createdAt), desc(listings.id)];
      case 'createdAt':
      default:
        return [dir(listings.createdAt), dir(listings.id)];
    }
  }
}
