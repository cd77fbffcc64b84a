import { visible as visibleSql } from '../rules';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import {
  inquiries,
  listingImages,
  listingRevisions,
  listings,
  savedListings,
  users,
  } from '../../../../db/pg/schema';
import type { Listing, ListingImage, ListingRevision, Notification } from '../../../../db/schema';
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
import { insertAudit } from '../inbox';
import * as pgSchema from '../../../../db/pg/schema';
import { insertNotificationPg } from './notifications';
import { lockListingWrites } from './locks';

// The listings repository on PostgreSQL: the same statements as store/sqlite/listings.ts, awaited, each business
// transaction a real one. Rows have the same shape on both stores (db/pg/schema.ts), so the SQLite row types serve.

/** The pool or a transaction on it. */
type Q = Pick<PgDb, 'select' | 'insert' | 'update' | 'delete' | 'transaction' | 'execute'>;

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

async function imagesOf(db: Q, ids: number[]): Promise<Map<number, ListingImage[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.listingId, ids))
    .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.id));
  return groupBy(rows, (r) => r.listingId);
}

async function revisionImagesOf(db: Q, ids: number[]): Promise<Map<number, ListingImage[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.revisionListingId, ids))
    .orderBy(asc(listingImages.revisionListingId), asc(listingImages.position), asc(listingImages.id));
  return groupBy(rows, (r) => r.revisionListingId);
}

async function revisionsOf(db: Q, ids: number[]): Promise<Map<number, ListingRevision>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(listingRevisions).where(inArray(listingRevisions.listingId, ids));
  return new Map(rows.map((r) => [r.listingId, r]));
}

async function viewsOf(db: Q, rows: Listing[]): Promise<ListingView[]> {
  const ids = rows.map((r) => r.id);
  const images = await imagesOf(db, ids);
  const revisions = await revisionsOf(db, ids);
  const newImages = await revisionImagesOf(db, [...revisions.keys()]);
  return rows.map((row) => ({ row, images: images.get(row.id) ?? [], revision: revisions.get(row.id), newImages: newImages.get(row.id) ?? [] }));
}

/** Every photo row of these listings: the approved ones and those of a waiting edit. */
async function photoRowsOf(db: Q, ids: number[]): Promise<ListingImage[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(listingImages)
    .where(or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids)));
}

/** The photos named by storage key that are staged, or on this listing or its waiting edit. */
async function namedPhotos(tx: Q, keys: string[], listingId: number | null): Promise<ListingImage[]> {
  if (keys.length === 0) return [];
  const staged = and(isNull(listingImages.listingId), isNull(listingImages.revisionListingId));
  const mine = listingId === null ? staged : or(eq(listingImages.listingId, listingId), eq(listingImages.revisionListingId, listingId), staged);
  // Locked: two saves naming the same staged photo attach it once, the second sees where the first put it.
  return tx.select().from(listingImages).where(and(inArray(listingImages.storageKey, keys), mine)).for('update');
}

async function writeImages(tx: Q, listingId: number, images: ImageWrite[], uploaderId: number) {
  for (const w of images) {
    const place = w.place === 'revision' ? { listingId: null, revisionListingId: listingId } : { listingId, revisionListingId: null };
    if (w.kind === 'existing') await tx.update(listingImages).set({ ...place, position: w.position }).where(eq(listingImages.id, w.id));
    else await tx.insert(listingImages).values({ ...place, uploaderId, position: w.position, ...w.image });
  }
}

/**
 * Inserts the listing under a fresh BP-code; a clash with an existing code (rare) draws another. Each attempt is a
 * savepoint: a failed statement aborts a PostgreSQL transaction, the savepoint's rollback keeps the rest of it.
 */
async function insertWithFreshCode(tx: Q, values: ListingValues): Promise<Listing> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => (await sp.insert(listings).values({ ...values, uniqueCode: `BP-${randomCode(6)}` }).returning())[0]);
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, 'listings_unique_code_uq')) throw err;
    }
  }
}

async function recordAudit(tx: Q, a: AuditWrite) {
  await insertAudit(tx as never, pgSchema, auditRow(a.actor, a.action, a.target, a.details));
}

// The shared insert takes the lock that keeps notification ids in commit order (store/pg/notifications.ts).
function insertNotification(tx: Q, { userId, ...n }: NotificationWrite): Promise<Notification> {
  return insertNotificationPg(tx, userId, n);
}

// --- the admin's table ---------------------------------------------------------------------------------------------

/** `column` starts with `prefix`, byte for byte whatever the database's collation. */
function startsWith(column: typeof listings.uniqueCode | typeof listings.registrationNumber, prefix: string): SQL {
  return sql`starts_with(${column}, ${prefix})`;
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
      // SQLite's COLLATE NOCASE: ASCII case folded, then byte order, whatever the database's collation.
      return [dir(sql`lower(${listings.make}) COLLATE "C"`), dir(sql`lower(${listings.model}) COLLATE "C"`), desc(listings.createdAt), desc(listings.id)];
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

export class PgListingsRepo implements ListingsRepo {
  constructor(readonly db: PgDb) {}

  async find(id: number) {
    const [row] = await this.db.select().from(listings).where(eq(listings.id, id));
    return row;
  }

  async view(id: number) {
    const row = await this.find(id);
    return row ? (await viewsOf(this.db, [row]))[0] : undefined;
  }

  async viewsOfOwner(userId: number) {
    const rows = await this.db.select().from(listings).where(eq(listings.userId, userId)).orderBy(desc(listings.createdAt), desc(listings.id));
    return viewsOf(this.db, rows);
  }

  async create(actorId: number, photoKeys: string[], decide: (state: { photos: ListingImage[] }) => CreateWrites) {
    return this.db.transaction(async (tx) => {
      await lockListingWrites(tx);
      const w = decide({ photos: await namedPhotos(tx, photoKeys, null) });
      const row = await insertWithFreshCode(tx, w.values);
      await writeImages(tx, row.id, w.images, actorId);
      if (w.coverImage) await tx.update(listings).set({ coverImage: w.coverImage }).where(eq(listings.id, row.id));
      return row.id;
    });
  }

  async edit(id: number, actorId: number, photoKeys: string[], decide: (state: EditState) => EditWrites) {
    return this.db.transaction(async (tx) => {
      await lockListingWrites(tx);
      // Locked: two saves of one listing apply one after the other, each deciding on what the other committed.
      const [before] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
      const [revision] = before ? await tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)) : [];
      const state: EditState = {
        before,
        revision,
        photos: before ? await namedPhotos(tx, photoKeys, id) : [],
        current: before ? await photoRowsOf(tx, [id]) : [],
        actorName: (await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)))[0]?.name ?? '',
        savers: before
          ? await tx
              .select({ userId: savedListings.userId, lowestKnownPrice: sql<number | null>`coalesce(${savedListings.announcedTotalPrice}, ${savedListings.savedTotalPrice})` })
              .from(savedListings)
              .where(eq(savedListings.listingId, id))
          : [],
      };
      const w = decide(state);
      const removed = state.current.filter((r) => w.removeImageIds.includes(r.id));
      if (w.removeImageIds.length) await tx.delete(listingImages).where(inArray(listingImages.id, w.removeImageIds));
      // A photo can wait on the edit only once the edit's row exists, and deleting the edit takes its photos along
      // (foreign key): the row is written before the photos move and deleted after.
      if (w.revision.kind === 'insert') await tx.insert(listingRevisions).values({ listingId: id, ...w.revision.values });
      if (w.revision.kind === 'update') await tx.update(listingRevisions).set(w.revision.set).where(eq(listingRevisions.listingId, id));
      await writeImages(tx, id, w.images, actorId);
      if (w.revision.kind === 'delete') await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id));
      await tx.update(listings).set(w.listing).where(eq(listings.id, id));
      if (w.audit) await recordAudit(tx, w.audit);
      const notifications = [];
      for (const write of w.notifications) notifications.push(await insertNotification(tx, write));
      const told = w.priceAnnounced;
      if (told?.userIds.length) {
        await tx
          .update(savedListings)
          .set({ announcedTotalPrice: told.totalPrice })
          .where(and(eq(savedListings.listingId, id), inArray(savedListings.userId, told.userIds)));
      }
      return { removed, notifications };
    });
  }

  async setActive(id: number, active: boolean) {
    const set = active ? { active, soldAt: null, updatedAt: new Date() } : { active, updatedAt: new Date() };
    const rows = await this.db.update(listings).set(set).where(eq(listings.id, id)).returning({ id: listings.id });
    return rows.length > 0;
  }

  async setSold(id: number, sold: boolean) {
    const now = new Date();
    const rows = await this.db
      .update(listings)
      .set({ soldAt: sold ? now : null, active: !sold, updatedAt: now })
      .where(eq(listings.id, id))
      .returning({ id: listings.id });
    return rows.length > 0;
  }

  async remove(id: number, decide: (target: DeletionTarget | undefined) => AuditWrite | null) {
    return this.db.transaction(async (tx) => {
      await lockListingWrites(tx);
      const [found] = await tx
        .select({ listing: listings, ownerUsername: users.username })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId))
        .where(eq(listings.id, id))
        .for('update', { of: listings });
      const audit = decide(found && { ...found.listing, ownerUsername: found.ownerUsername });
      const rows = await photoRowsOf(tx, [id]);
      await tx.delete(listings).where(eq(listings.id, id));
      if (audit) await recordAudit(tx, audit);
      return rows;
    });
  }

  async review(id: number, decide: (state: ReviewState) => ReviewWrites) {
    return this.db.transaction(async (tx) => {
      await lockListingWrites(tx);
      // Locked: an owner's save of the edit waits for the decision (or the decision for the save), never half of each.
      const [listing] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
      const [revision] = listing?.status === 'approved' ? await tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)) : [];
      const newPhotos = revision ? (await tx.select({ n: count() }).from(listingImages).where(eq(listingImages.revisionListingId, id)))[0].n : 0;
      const w = decide({ listing, revision, newPhotos });
      if (w.kind === 'status') {
        await tx.update(listings).set(w.set).where(eq(listings.id, id));
      } else if (w.kind === 'approveEdit') {
        // Photos first: deleting the revision would take its photos with it (foreign key).
        await tx.update(listingImages).set({ listingId: id, revisionListingId: null }).where(eq(listingImages.revisionListingId, id));
        await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id));
        const [cover] = await tx
          .select({ thumbUrl: listingImages.thumbUrl })
          .from(listingImages)
          .where(eq(listingImages.listingId, id))
          .orderBy(asc(listingImages.position), asc(listingImages.id))
          .limit(1);
        await tx.update(listings).set({ ...w.set, coverImage: cover?.thumbUrl ?? null }).where(eq(listings.id, id));
      } else {
        await tx.update(listingRevisions).set({ status: 'rejected', rejectionReason: w.rejectionReason }).where(eq(listingRevisions.listingId, id));
      }
      await recordAudit(tx, w.audit);
      return insertNotification(tx, w.notification);
    });
  }

  async pending(): Promise<PendingData> {
    const owner = { id: users.id, username: users.username, name: users.name };
    // One snapshot: a listing approved meanwhile is in neither list or in one, never half.
    return this.db.transaction(
      async (tx) => {
        const fresh = await tx.select({ listing: listings, owner }).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(eq(listings.status, 'pending'));
        const edits = await tx
          .select({ listing: listings, owner, revision: listingRevisions })
          .from(listingRevisions)
          .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
          .innerJoin(users, eq(users.id, listings.userId))
          .where(and(eq(listingRevisions.status, 'pending'), eq(listings.status, 'approved')));
        const images = await imagesOf(tx, [...fresh, ...edits].map((r) => r.listing.id));
        const newImages = await revisionImagesOf(tx, edits.map((r) => r.listing.id));
        return { fresh, edits, images, newImages };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async adminPage(params: AdminListingsParams) {
    // One snapshot: the count and the page see the same listings.
    return this.db.transaction(
      async (tx) => {
        const where = whereOf(params);
        const total = (await tx.select({ n: count() }).from(listings).where(where))[0]?.n ?? 0;
        const ids =
          params.offset >= total
            ? []
            : (
                await tx
                  .select({ id: listings.id })
                  .from(listings)
                  .where(where)
                  .orderBy(...orderOf(params))
                  .limit(params.limit)
                  .offset(params.offset)
              ).map((r) => r.id);
        const rows: AdminListingRow[] = ids.length
          ? await tx.select(adminRowColumns).from(listings).innerJoin(users, eq(users.id, listings.userId)).where(inArray(listings.id, ids))
          : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return { rows: ids.flatMap((i) => byId.get(i) ?? []), total };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async visiblePage(offset: number, limit: number) {
    // One snapshot: the count and the page see the same listings.
    return this.db.transaction(
      async (tx) => {
        const visible = visibleSql(listings);
        const total = (await tx.select({ n: count() }).from(listings).where(visible))[0]?.n ?? 0;
        const rows: VisibleStamp[] =
          offset >= total || limit <= 0
            ? []
            : await tx.select({ id: listings.id, updatedAt: listings.updatedAt }).from(listings).where(visible).orderBy(asc(listings.id)).limit(limit).offset(offset);
        return { rows, total };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async createInquiry(
    listingId: number,
    values: InquiryValues,
    decide: (listing: InquiryListing | undefined) => (inquiry: Inquiry) => NewNotification,
  ) {
    return this.db.transaction(async (tx) => {
      // Shared lock: the listing cannot be deleted or hidden between the check and the insert.
      const [listing] = await tx
        .select({ id: listings.id, userId: listings.userId, make: listings.make, model: listings.model })
        .from(listings)
        .where(and(eq(listings.id, listingId), visibleSql(listings)))
        .for('share');
      const notify = decide(listing);
      const [inquiry] = await tx.insert(inquiries).values({ ...values, listingId }).returning();
      const notification = await insertNotification(tx, { ...notify(inquiry), userId: listing!.userId });
      return { inquiry, notification };
    });
  }

  async insertDemo(items: { values: ListingValues; photos: StoredImage[] }[]) {
    return this.db.transaction(async (tx) => {
      await lockListingWrites(tx);
      let images = 0;
      for (const { values, photos } of items) {
        const row = await insertWithFreshCode(tx, { ...values, coverImage: photos[0]?.thumbUrl ?? null });
        for (const [position, p] of photos.entries()) {
          await tx.insert(listingImages).values({ listingId: row.id, uploaderId: values.userId, position, ...p, createdAt: values.createdAt });
          images += 1;
        }
      }
      return images;
    });
  }
}
