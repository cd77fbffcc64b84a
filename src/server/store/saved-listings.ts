import { and, desc, eq, sql } from 'drizzle-orm';
import { affectedRows, isRowId, Repository } from './repository';
import { cardColumns, openable, openableWhere, visible, visibleWhere, type SavedCardRow } from './rules';

export class SavedListingsRepo extends Repository {
  /**
   * The cards of the user's saved listings a buyer may open (sold ones stay, docs/product/states.md#sold), newest saved first (then
   * listing id), with when each was sold and its price when saved.
   */
  async list(userId: number): Promise<SavedCardRow[]> {
    return this.d.rows<SavedCardRow & Record<string, unknown>>(
      this.db,
      sql`SELECT ${sql.raw(cardColumns(this.d.name, 'l'))}, ${this.d.epochMs(sql`l.sold_at`)} AS sold_at, s.saved_total_price
        FROM saved_listings s JOIN listings l ON l.id = s.listing_id
        WHERE s.user_id = ${userId} AND ${sql.raw(openableWhere('l'))}
        ORDER BY s.created_at DESC, s.listing_id DESC`,
    );
  }

  /** Ids of the user's saved listings whose page a buyer may open, newest saved first. */
  async ids(userId: number): Promise<number[]> {
    const { savedListings: s, listings } = this.t;
    const saved = this.db.select({ id: s.listingId }).from(s).innerJoin(listings, eq(listings.id, s.listingId));
    return (await saved.where(and(eq(s.userId, userId), openable(listings))).orderBy(desc(s.createdAt), desc(s.listingId))).map((r) => r.id);
  }

  /** Saves a visible listing once with its total price now, keeping the first save; answers when it was saved, or null if buyers cannot see it. */
  async add(userId: number, listingId: number): Promise<Date | null> {
    if (!isRowId(listingId)) return null;
    // One statement checks and inserts; a concurrent save inserts nothing and reads the one row (docs/store.md#writes-that-happen-once).
    const [inserted] = await this.d.rows<{ at: number }>(
      this.db,
      sql`INSERT INTO saved_listings (user_id, listing_id, saved_total_price)
        SELECT ${userId}, l.id, l.total_price FROM listings l WHERE l.id = ${listingId} AND ${sql.raw(visibleWhere('l'))}
        ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING ${this.d.epochMs(sql`created_at`)} AS at`,
    );
    if (inserted) return new Date(Number(inserted.at));
    const { savedListings: s, listings } = this.t;
    const saved = this.db.select({ at: s.createdAt }).from(s).innerJoin(listings, eq(listings.id, s.listingId));
    const [row] = await saved.where(and(eq(s.userId, userId), eq(s.listingId, listingId), visible(listings))).limit(1);
    return row?.at ?? null;
  }

  /** True when it was saved. */
  async remove(userId: number, listingId: number): Promise<boolean> {
    if (!isRowId(listingId)) return false;
    const { savedListings: s } = this.t;
    return affectedRows(await this.db.delete(s).where(and(eq(s.userId, userId), eq(s.listingId, listingId)))) > 0;
  }
}
