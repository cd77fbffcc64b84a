import type { Db } from '../../../db/client';
import { visibleWhere } from '../../../db/schema';
import type { ListingCardShape } from '../../shared/schemas/listing-shape';
import { z } from '../../shared/zod';
import { listingNotFound } from '../errors';
import { cardColumns, toCard, type CardRow } from './listing-shape';

// Saved listings (docs/product/screens.md /lagrede-annonser, docs/product/states.md "Saved listing"). A user's own
// only; only listings a buyer may see are listed or can be saved, so a listing that is later hidden drops out of the
// list (and comes back if shown again) without its saved row being deleted.

export const savedListingShape = z.object({ listingId: z.number().int(), savedAt: z.string() });
export type SavedListingShape = z.infer<typeof savedListingShape>;

function prepare(db: Db) {
  const c = db.$client;
  const visible = visibleWhere('l');
  return {
    list: c.prepare(
      `SELECT ${cardColumns('l')} FROM saved_listings s JOIN listings l ON l.id = s.listing_id
       WHERE s.user_id = ? AND ${visible} ORDER BY s.created_at DESC, s.rowid DESC`,
    ),
    ids: c
      .prepare(
        `SELECT s.listing_id FROM saved_listings s JOIN listings l ON l.id = s.listing_id
         WHERE s.user_id = ? AND ${visible} ORDER BY s.created_at DESC, s.rowid DESC`,
      )
      .pluck(),
    visible: c.prepare(`SELECT 1 FROM listings l WHERE l.id = ? AND ${visible}`).pluck(),
    // Saving twice keeps the first save (and its date): idempotent.
    add: c.prepare('INSERT INTO saved_listings (user_id, listing_id) VALUES (?, ?) ON CONFLICT (user_id, listing_id) DO NOTHING'),
    get: c.prepare('SELECT created_at FROM saved_listings WHERE user_id = ? AND listing_id = ?').pluck(),
    remove: c.prepare('DELETE FROM saved_listings WHERE user_id = ? AND listing_id = ?'),
  };
}

/** Saved listings over one database, statements prepared once (created in buildApp: AppDeps.stores). */
export class SavedListings {
  private readonly s: ReturnType<typeof prepare>;
  constructor(db: Db) {
    this.s = prepare(db);
  }

  /** The user's saved listings that are still visible, newest saved first. */
  list(userId: number): ListingCardShape[] {
    return (this.s.list.all(userId) as CardRow[]).map(toCard);
  }

  /** Ids of the user's saved (visible) listings, for marking cards. */
  ids(userId: number): number[] {
    return this.s.ids.all(userId) as number[];
  }

  /** Saves a visible listing for the user; saving it again changes nothing. 404 for a listing a buyer cannot see. */
  add(userId: number, listingId: number): SavedListingShape {
    if (this.s.visible.get(listingId) !== 1) throw listingNotFound();
    this.s.add.run(userId, listingId);
    return { listingId, savedAt: new Date(this.s.get.get(userId, listingId) as number).toISOString() };
  }

  /** Removes the listing from the user's saved ones; removing one that is not saved is not an error. */
  remove(userId: number, listingId: number): { listingId: number; removed: boolean } {
    return { listingId, removed: this.s.remove.run(userId, listingId).changes > 0 };
  }
}
