import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { listingImages, listings, users } from '../../../db/schema';
import type { AdminListingPage, AdminListingsParams } from '../../shared/schemas/admin';
import { listingNotFound } from '../errors';
import type { ImageStorage } from '../integrations/image-storage';
import { listingAuditLabel, recordAudit, type AuditActor } from './audit';
import { deleteImageFiles } from './images';

// The admin's listings (docs/product/admin.md#listings): the all-listings table, paged and sorted in SQL so ten
// thousand listings stay fast, and deleting any listing with its photos. The pending tab is moderation.ts's.

/** A search text as the columns store it: codes and plates are upper case without spaces ('ab 12345' → 'AB12345'). */
export function normaliseSearch(search: string): string {
  return search.toUpperCase().replace(/\s+/g, '');
}

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
  const q = params.search ? normaliseSearch(params.search) : '';
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

/**
 * One page of the all-listings table and the number of all matches. The page's ids are picked from the listings alone
 * (sorting narrow rows of one table), then only those rows are read with their owner: joining first made SQLite walk
 * users and fetch listings by owner, five times slower over 10 000 listings (docs/product/admin.md#speed).
 */
export function adminListings(db: Db, params: AdminListingsParams): AdminListingPage {
  // One read transaction: the count and the page see the same listings.
  return db.transaction((tx) => pageOf(tx, params));
}

function pageOf(db: Pick<Db, 'select'>, params: AdminListingsParams): AdminListingPage {
  const where = whereOf(params);
  const total = db.select({ n: count() }).from(listings).where(where).get()?.n ?? 0;
  const ids =
    params.offset >= total
      ? []
      : db
          .select({ id: listings.id })
          .from(listings)
          .where(where)
          .orderBy(...orderOf(params))
          .limit(params.limit)
          .offset(params.offset)
          .all()
          .map((r) => r.id);
  const rows = ids.length
    ? db
        .select({
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
        })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId))
        .where(inArray(listings.id, ids))
        .all()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ ...r, rejectionReason: r.status === 'rejected' ? r.rejectionReason : null, createdAt: r.createdAt.toISOString() }] : [];
    }),
    total,
    limit: params.limit,
    offset: params.offset,
  };
}

export interface AdminDeps {
  db: Db;
  storage: ImageStorage;
}

/**
 * Deletes any listing (docs/product/permissions.md): the row with its photo rows, saved entries and inquiries (foreign
 * keys cascade; chats about it keep going with the fallback car name), an audit entry in the same transaction, then
 * the photo files once the deletion is committed.
 */
export async function adminDeleteListing({ db, storage }: AdminDeps, actor: AuditActor, id: number): Promise<void> {
  const images = db.transaction((tx) => {
    const row = tx
      .select({ id: listings.id, uniqueCode: listings.uniqueCode, make: listings.make, model: listings.model, year: listings.year, owner: users.username })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .where(eq(listings.id, id))
      .get();
    if (!row) throw listingNotFound();
    // Its photos, and those of an owner's edit waiting for review (docs/decisions/007-pending-revisions.md).
    const files = tx
      .select({ storageKey: listingImages.storageKey })
      .from(listingImages)
      .where(or(eq(listingImages.listingId, id), eq(listingImages.revisionListingId, id)))
      .all();
    tx.delete(listings).where(eq(listings.id, id)).run();
    recordAudit(tx, actor, 'listing.delete', { type: 'listing', id, label: listingAuditLabel(row) }, { owner: row.owner });
    return files;
  });
  await deleteImageFiles(storage, images);
}
