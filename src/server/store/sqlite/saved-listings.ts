import { openableWhere, visibleWhere } from '../rules';
import type { Db } from '../../../../db/client';
import { cardColumns, type SavedCardRow } from '../rules';
import type { SavedListingsRepo } from '../saved-listings';

function prepare(db: Db) {
  const c = db.$client;
  const visible = visibleWhere('l');
  // Sold listings stay in the list, shown as sold (docs/product/states.md#sold).
  const openable = openableWhere('l');
  return {
    list: c.prepare(
      `SELECT ${cardColumns('sqlite', 'l')}, l.sold_at, s.saved_total_price FROM saved_listings s JOIN listings l ON l.id = s.listing_id
       WHERE s.user_id = ? AND ${openable} ORDER BY s.created_at DESC, s.rowid DESC`,
    ),
    ids: c
      .prepare(
        `SELECT s.listing_id FROM saved_listings s JOIN listings l ON l.id = s.listing_id
         WHERE s.user_id = ? AND ${openable} ORDER BY s.created_at DESC, s.rowid DESC`,
      )
      .pluck(),
    // Only a visible listing is saved; saving twice keeps the first save (its date and price).
    add: c.prepare(
      `INSERT INTO saved_listings (user_id, listing_id, saved_total_price) SELECT ?, l.id, l.total_price FROM listings l WHERE l.id = ? AND ${visible}
       ON CONFLICT (user_id, listing_id) DO NOTHING`,
    ),
    get: c
      .prepare(`SELECT s.created_at FROM saved_listings s JOIN listings l ON l.id = s.listing_id WHERE s.user_id = ? AND s.listing_id = ? AND ${visible}`)
      .pluck(),
    remove: c.prepare('DELETE FROM saved_listings WHERE user_id = ? AND listing_id = ?'),
  };
}

/** Statements prepared once per database (the list and the ids are read on every page with cards). */
export class SqliteSavedListingsRepo implements SavedListingsRepo {
  private statements: ReturnType<typeof prepare> | undefined;
  constructor(readonly db: Db) {}

  // Prepared on first use: a store is also made for tests and tools that never read saved listings.
  private get s() {
    return (this.statements ??= prepare(this.db));
  }

  async list(userId: number): Promise<SavedCardRow[]> {
    return this.s.list.all(userId) as SavedCardRow[];
  }

  async ids(userId: number): Promise<number[]> {
    return this.s.ids.all(userId) as number[];
  }

  async add(userId: number, listingId: number): Promise<Date | null> {
    this.s.add.run(userId, listingId);
    const at = this.s.get.get(userId, listingId) as number | undefined;
    return at === undefined ? null : new Date(at);
  }

  async remove(userId: number, listingId: number): Promise<boolean> {
    return this.s.remove.run(userId, listingId).changes > 0;
  }
}
