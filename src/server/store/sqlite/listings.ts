import { visible as visibleSql } from '../rules';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../../db/client';
import {
  auditLog,
  inquiries,
  listingImages,
  listingRevisions,
  listings,
  savedListings,
  users,
  type Listing,
  type ListingImage,
  type ListingRevision,
  type Notification,
} from '../../../../db/schema';
import type { AdminListingsParams } from '../../../shared/schemas/admin';
import { randomCode } from '../../../shared/random-code';
import { isUniqueViolation } from '../errors';
import type {
  AdminListingRow,
  AuditWrite,
  CreateWrites,
  DeletionTarget,
  EditState,
  EditWrites,
  ImageWrite,
  Inquiry,
  InquiryListing,
  InquiryValues,
  ListingsRepo,
  ListingValues,
  ListingView,
  NotificationWrite,
  PendingData,
  ReviewState,
  ReviewWrites,
  VisibleStamp,
} from '../listings';
import type { StoredImage } from '../photos';
import type { NewNotification } from '../notifications';
import { auditRow } from '../inbox';
import { insertNotificationSqlite } from './notifications';

// The listings repository on SQLite: better-sqlite3 runs each transaction synchronously (it refuses async callbacks),
// so every method does its work at once and answers a settled promise.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = BaseSQLiteDatabase<'sync', any, any>;

/** Rows grouped by listing id, each group in the order the query gave. */
function groupBy(rows: ListingImage[], key: (r: ListingImage) => number | null): Map<number, ListingImage[]> {
  const map = new Map<number, ListingImage[]>();
  for (const row of rows) {
    const id = key(row)!;
    const list = map.get(id) ?? [];
    list.push(row);
    map.set(id, list);
  }
  return map;
}

function imagesOf(db: Q, ids: number[]): Map<number, ListingImage[]> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.listingId, ids))
    .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.id))
    .all();
  return groupBy(rows, (r) => r.listingId);
}

function revisionImagesOf(db: Q, ids: number[]): Map<number, ListingImage[]> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.revisionListingId, ids))
    .orderBy(asc(listingImages.revisionListingId), asc(listingImages.position), asc(listingImages.id))
    .all();
  return groupBy(rows, (r) => r.revisionListingId);
}

function revisionsOf(db: Q, ids: number[]): Map<number, ListingRevision> {
  if (ids.length === 0) return new Map();
  const rows = db.select().from(listingRevisions).where(inArray(listingRevisions.listingId, ids)).all();
  return new Map(rows.map((r) => [r.listingId, r]));
}

function viewsOf(db: Q, rows: Listing[]): ListingView[] {
  const ids = rows.map((r) => r.id);
  const images = imagesOf(db, ids);
  const revisions = revisionsOf(db, ids);
  const newImages = revisionImagesOf(db, [...revisions.keys()]);
  return rows.map((row) => ({ row, images: images.get(row.id) ?? [], revision: revisions.get(row.id), newImages: newImages.get(row.id) ?? [] }));
}

/** Every photo row of these listings: the approved ones and those of a waiting edit. */
function photoRowsOf(db: Q, ids: number[]): ListingImage[] {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(listingImages)
    .where(or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids)))
    .all();
}

/** The photos named by storage key that are staged, or on this listing or its waiting edit. */
function namedPhotos(tx: Q, keys: string[], listingId: number | null): ListingImage[] {
  if (keys.length === 0) return [];
  const staged = and(isNull(listingImages.listingId), isNull(listingImages.revisionListingId));
  const mine = listingId === null ? staged : or(eq(listingImages.listingId, listingId), eq(listingImages.revisionListingId, listingId), staged);
  return tx.select().from(listingImages).where(and(inArray(listingImages.storageKey, keys), mine)).all();
}

/** Writes the form's photos in order and answers nothing: the cover is the rules' (they know the first on the listing). */
function writeImages(tx: Q, listingId: number, images: ImageWrite[], uploaderId: number) {
  for (const w of images) {
    const place = w.place === 'revision' ? { listingId: null, revisionListingId: listingId } : { listingId, revisionListingId: null };
    if (w.kind === 'existing') tx.update(listingImages).set({ ...place, position: w.position }).where(eq(listingImages.id, w.id)).run();
    else tx.insert(listingImages).values({ ...place, uploaderId, position: w.position, ...w.image }).run();
  }
}

/** Inserts the listing under a fresh BP-code; a clash with an existing code (rare) draws another. */
function insertWithFreshCode(tx: Q, values: ListingValues): Listing {
  for (let attempt = 0; ; attempt++) {
    try {
      return tx.insert(listings).values({ ...values, uniqueCode: `BP-${randomCode(6)}` }).returning().get();
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, 'listings_unique_code_uq')) throw err;
    }
  }
}

function recordAudit(tx: Q, a: AuditWrite) {
  tx.insert(auditLog).values(auditRow(a.actor, a.action, a.target, a.details)).run();
}

function insertNotification(tx: Q, { userId, ...n }: NotificationWrite): Notification {
  return insertNotificationSqlite(tx, userId, n);
}

// --- the admin's table ---------------------------------------------------------------------------------------------

/**
 * `column` starts with `prefix`, written as a range so the unique-code index can serve it (LIKE cannot use a BINARY
 * index). U+FFFF sorts after every character a code or plate holds.
 */
function startsWith(column: typeof listings.uniqueCode | typeof listings.registrationNumber, prefix: string): SQL {
  return and(gte(column, prefix), lt(column, `${prefix}\uffff`))!;
}

function whereOf(params: Pick<AdminListingsParams, 'status' | 'search'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (params.status) conditions.push(eq(listings.status, params.status));
  const q = params.search ?? '';
  if (q) {
    const matches = [startsWith(listings.uniqueCode, q), startsWith(listings.registrationNumber, q)];
    // A code typed without its prefix ('4F7K2Q') finds 'BP-4F7K2Q'.
    if (!q.startsWith('BP-')) matches.push(startsWith(listings.uniqueCode, `BP-${q}`));
    conditions.push(or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

function orderOf(params: Pick<AdminListingsParams, 'sort' | 'direction'>): SQL[] {
  const dir = params.direction === 'asc' ? asc : desc;
  // Ties are broken by id in the same direction, so a page boundary never repeats or skips a row.
  switch (params.sort) {
    case 'price':
      return [dir(listings.totalPrice), dir(listings.id)];
    case 'status':
      return [dir(listings.status), desc(listings.createdAt), desc(listings.id)];
    case 'make':
      return [dir(sql`${listings.make} COLLATE NOCASE`), dir(sql`${listings.model} COLLATE NOCASE`), desc(listings.createdAt), desc(listings.id)];
    case 'createdAt':
    default:
      return [dir(listings.createdAt), dir(listings.id)];
  }
}

const adminRowColumns = {
  id: listings.id,
  uniqueCode: listings.uniqueCode,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  registrationNumber: listings.registrationNumber,
  price: listings.price,
  totalPrice: listings.totalPrice,
  status: listings.status,
  rejectionReason: listings.rejectionReason,
  active: listings.active,
  createdAt: listings.createdAt,
  userId: listings.userId,
  ownerUsername: users.username,
  ownerName: users.name,
};

export class SqliteListingsRepo implements ListingsRepo {
  constructor(readonly db: Db) {}

  async find(id: number) {
    return this.db.select().from(listings).where(eq(listings.id, id)).get();
  }

  async view(id: number) {
    const row = this.db.select().from(listings).where(eq(listings.id, id)).get();
    return row ? viewsOf(this.db, [row])[0] : undefined;
  }

  async viewsOfOwner(userId: number) {
    const rows = this.db.select().from(listings).where(eq(listings.userId, userId)).orderBy(desc(listings.createdAt), desc(listings.id)).all();
    return viewsOf(this.db, rows);
  }

  async create(actorId: number, photoKeys: string[], decide: (state: { photos: ListingImage[] }) => CreateWrites) {
    return this.db.transaction((tx) => {
      const w = decide({ photos: namedPhotos(tx, photoKeys, null) });
      const row = insertWithFreshCode(tx, w.values);
      writeImages(tx, row.id, w.images, actorId);
      if (w.coverImage) tx.update(listings).set({ coverImage: w.coverImage }).where(eq(listings.id, row.id)).run();
      return row.id;
    });
  }

  async edit(id: number, actorId: number, photoKeys: string[], decide: (state: EditState) => EditWrites) {
    return this.db.transaction((tx) => {
      const before = tx.select().from(listings).where(eq(listings.id, id)).get();
      const state: EditState = {
        before,
        revision: before ? tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)).get() : undefined,
        photos: before ? namedPhotos(tx, photoKeys, id) : [],
        current: before ? photoRowsOf(tx, [id]) : [],
        actorName: tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)).get()?.name ?? '',
        savers: before
          ? tx
              .select({ userId: savedListings.userId, lowestKnownPrice: sql<number | null>`coalesce(${savedListings.announcedTotalPrice}, ${savedListings.savedTotalPrice})` })
              .from(savedListings)
              .where(eq(savedListings.listingId, id))
              .all()
          : [],
      };
      const w = decide(state);
      const removed = state.current.filter((r) => w.removeImageIds.includes(r.id));
      if (w.removeImageIds.length) tx.delete(listingImages).where(inArray(listingImages.id, w.removeImageIds)).run();
      // A photo can wait on the edit only once the edit's row exists, and deleting the edit takes its photos along
      // (foreign key): the row is written before the photos move and deleted after.
      if (w.revision.kind === 'insert') tx.insert(listingRevisions).values({ listingId: id, ...w.revision.values }).run();
      if (w.revision.kind === 'update') tx.update(listingRevisions).set(w.revision.set).where(eq(listingRevisions.listingId, id)).run();
      writeImages(tx, id, w.images, actorId);
      if (w.revision.kind === 'delete') tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id)).run();
      tx.update(listings).set(w.listing).where(eq(listings.id, id)).run();
      if (w.audit) recordAudit(tx, w.audit);
      const notifications = w.notifications.map((write) => insertNotification(tx, write));
      const told = w.priceAnnounced;
      if (told?.userIds.length) {
        tx.update(savedListings)
          .set({ announcedTotalPrice: told.totalPrice })
          .where(and(eq(savedListings.listingId, id), inArray(savedListings.userId, told.userIds)))
          .run();
      }
      return { removed, notifications };
    });
  }

  async setActive(id: number, active: boolean) {
    const set = active ? { active, soldAt: null, updatedAt: new Date() } : { active, updatedAt: new Date() };
    return this.db.update(listings).set(set).where(eq(listings.id, id)).run().changes > 0;
  }

  async setSold(id: number, sold: boolean) {
    const now = new Date();
    return this.db.update(listings).set({ soldAt: sold ? now : null, active: !sold, updatedAt: now }).where(eq(listings.id, id)).run().changes > 0;
  }

  async remove(id: number, decide: (target: DeletionTarget | undefined) => AuditWrite | null) {
    return this.db.transaction((tx) => {
      const found = tx.select({ listing: listings, ownerUsername: users.username }).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(eq(listings.id, id)).get();
      const audit = decide(found && { ...found.listing, ownerUsername: found.ownerUsername });
      const rows = photoRowsOf(tx, [id]);
      tx.delete(listings).where(eq(listings.id, id)).run();
      if (audit) recordAudit(tx, audit);
      return rows;
    });
  }

  async review(id: number, decide: (state: ReviewState) => ReviewWrites) {
    return this.db.transaction((tx) => {
      const listing = tx.select().from(listings).where(eq(listings.id, id)).get();
      const revision = listing?.status === 'approved' ? tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)).get() : undefined;
      const newPhotos = revision ? tx.select({ n: count() }).from(listingImages).where(eq(listingImages.revisionListingId, id)).get()!.n : 0;
      const w = decide({ listing, revision, newPhotos });
      if (w.kind === 'status') {
        tx.update(listings).set(w.set).where(eq(listings.id, id)).run();
      } else if (w.kind === 'approveEdit') {
        // Photos first: deleting the revision would take its photos with it (foreign key).
        tx.update(listingImages).set({ listingId: id, revisionListingId: null }).where(eq(listingImages.revisionListingId, id)).run();
        tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id)).run();
        const cover = tx
          .select({ thumbUrl: listingImages.thumbUrl })
          .from(listingImages)
          .where(eq(listingImages.listingId, id))
          .orderBy(asc(listingImages.position), asc(listingImages.id))
          .get();
        tx.update(listings).set({ ...w.set, coverImage: cover?.thumbUrl ?? null }).where(eq(listings.id, id)).run();
      } else {
        tx.update(listingRevisions).set({ status: 'rejected', rejectionReason: w.rejectionReason }).where(eq(listingRevisions.listingId, id)).run();
      }
      recordAudit(tx, w.audit);
      return insertNotification(tx, w.notification);
    });
  }

  async pending(): Promise<PendingData> {
    const owner = { id: users.id, username: users.username, name: users.name };
    const fresh = this.db.select({ listing: listings, owner }).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(eq(listings.status, 'pending')).all();
    const edits = this.db
      .select({ listing: listings, owner, revision: listingRevisions })
      .from(listingRevisions)
      .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
      .innerJoin(users, eq(users.id, listings.userId))
      .where(and(eq(listingRevisions.status, 'pending'), eq(listings.status, 'approved')))
      .all();
    const images = imagesOf(this.db, [...fresh, ...edits].map((r) => r.listing.id));
    const newImages = revisionImagesOf(this.db, edits.map((r) => r.listing.id));
    return { fresh, edits, images, newImages };
  }

  async adminPage(params: AdminListingsParams) {
    // One read transaction: the count and the page see the same listings.
    return this.db.transaction((tx) => {
      const where = whereOf(params);
      const total = tx.select({ n: count() }).from(listings).where(where).get()?.n ?? 0;
      // The page's ids are picked from the listings alone (sorting narrow rows of one table), then only those rows are
      // read with their owner: joining first made SQLite walk users and fetch listings by owner, five times slower
      // over 10 000 listings (docs/product/admin.md#speed).
      const ids =
        params.offset >= total
          ? []
          : tx
              .select({ id: listings.id })
              .from(listings)
              .where(where)
              .orderBy(...orderOf(params))
              .limit(params.limit)
              .offset(params.offset)
              .all()
              .map((r) => r.id);
      const rows: AdminListingRow[] = ids.length
        ? tx.select(adminRowColumns).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(inArray(listings.id, ids)).all()
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.flatMap((i) => byId.get(i) ?? []), total };
    });
  }

  async visiblePage(offset: number, limit: number) {
    return this.db.transaction((tx) => {
      const visible = visibleSql(listings);
      const total = tx.select({ n: count() }).from(listings).where(visible).get()?.n ?? 0;
      const rows: VisibleStamp[] =
        offset >= total || limit <= 0
          ? []
          : tx.select({ id: listings.id, updatedAt: listings.updatedAt }).from(listings).where(visible).orderBy(asc(listings.id)).limit(limit).offset(offset).all();
      return { rows, total };
    });
  }

  async createInquiry(
    listingId: number,
    values: InquiryValues,
    decide: (listing: InquiryListing | undefined) => (inquiry: Inquiry) => NewNotification,
  ) {
    return this.db.transaction((tx) => {
      const listing = tx
        .select({ id: listings.id, userId: listings.userId, make: listings.make, model: listings.model })
        .from(listings)
        .where(and(eq(listings.id, listingId), visibleSql(listings)))
        .get();
      const notify = decide(listing);
      const inquiry = tx.insert(inquiries).values({ ...values, listingId }).returning().get();
      const notification = insertNotification(tx, { ...notify(inquiry), userId: listing!.userId });
      return { inquiry, notification };
    });
  }

  async insertDemo(items: { values: ListingValues; photos: StoredImage[] }[]) {
    return this.db.transaction((tx) => {
      let images = 0;
      for (const { values, photos } of items) {
        const row = insertWithFreshCode(tx, { ...values, coverImage: photos[0]?.thumbUrl ?? null });
        photos.forEach((p, position) => {
          tx.insert(listingImages).values({ listingId: row.id, uploaderId: values.userId, position, ...p, createdAt: values.createdAt }).run();
          images += 1;
        });
      }
      return images;
    });
  }
}
