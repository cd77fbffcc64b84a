import type { Db } from '../../../db/client';
import { AppError } from '../errors';
import { LISTING_NOT_FOUND, cardColumns, toCard, type CardRow } from './listing-search';
import type { ListingCardShape } from '../../shared/types/listing';

// Saved listings (SPEC §2 /lagrede-annonser, §4 "Saved listing", §7). A user's own only; only listings a buyer may
// see are listed or can be saved, so a listing that is later hidden drops out of the list (and comes back if shown
// again) without its saved row being deleted.

const VISIBLE = `l.status = 'approved' AND l.active = 1`;

export interface SavedListingShape {
  listingId: number;
  savedAt: string;
}

function statements(db: Db) {
  const c = db.$client;
  return {
    list: c.prepare(
      `SELECT ${cardColumns('l')} FROM saved_listings s JOIN listings l ON l.id = s.listing_id
       WHERE s.user_id = ? AND ${VISIBLE} ORDER BY s.created_at DESC, s.rowid DESC`,
    ),
    ids: c
      .prepare(
        `SELECT s.listing_id FROM saved_listings s JOIN listings l ON l.id = s.listing_id
         WHERE s.user_id = ? AND ${VISIBLE} ORDER BY s.created_at DESC, s.rowid DESC`,
      )
      .pluck(),
    visible: c.prepare(`SELECT 1 FROM listings l WHERE l.id = ? AND ${VISIBLE}`).pluck(),
    // Saving twice keeps the first save (and its date): idempotent.
    add: c.prepare('INSERT INTO saved_listings (user_id, listing_id) VALUES (?, ?) ON CONFLICT (user_id, listing_id) DO NOTHING'),
    get: c.prepare('SELECT created_at FROM saved_listings WHERE user_id = ? AND listing_id = ?').pluck(),
    remove: c.prepare('DELETE FROM saved_listings WHERE user_id = ? AND listing_id = ?'),
  };
}
const cache = new WeakMap<Db, ReturnType<typeof statements>>();
const st = (db: Db) => {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statements(db)));
  return s;
};

/** The user's saved listings that are still visible, newest saved first. */
export function listSavedListings(db: Db, userId: number): ListingCardShape[] {
  return (st(db).list.all(userId) as CardRow[]).map(toCard);
}

/** Ids of the user's saved (visible) listings, for marking cards. */
export function savedListingIds(db: Db, userId: number): number[] {
  return st(db).ids.all(userId) as number[];
}

/** Saves a visible listing for the user; saving it again changes nothing. 404 for a listing a buyer cannot see. */
export function saveListing(db: Db, userId: number, listingId: number): SavedListingShape {
  const s = st(db);
  if (s.visible.get(listingId) !== 1) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  s.add.run(userId, listingId);
  return { listingId, savedAt: new Date(s.get.get(userId, listingId) as number).toISOString() };
}

/** Removes the listing from the user's saved ones; removing one that is not saved is not an error. */
export function unsaveListing(db: Db, userId: number, listingId: number): { listingId: number; removed: boolean } {
  return { listingId, removed: st(db).remove.run(userId, listingId).changes > 0 };
}
