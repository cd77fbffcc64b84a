import { and, eq, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { listings, savedListings } from '../../../../db/pg/schema';
import type { SavedCardRow } from '../rules';
import type { SavedListingsRepo } from '../saved-listings';
import { epochMs } from './chats';
import { isPgInt } from './int';

const visible = sql.raw(`l.status = 'approved' AND l.active`);
// Sold listings stay in the list, shown as sold (db/schema/listings.ts openableWhere, docs/product/states.md#sold).
const openable = sql.raw(`l.status = 'approved' AND (l.active OR l.sold_at IS NOT NULL)`);

export class PgSavedListingsRepo implements SavedListingsRepo {
  constructor(readonly db: PgDb) {}

  async list(userId: number): Promise<SavedCardRow[]> {
    // The card's columns as services/listing-shape.ts cardColumns names them, the cover photo as the same JSON text.
    // Saves within one millisecond fall back to the listing id (the table has no row order of its own here).
    const { rows } = await this.db.execute<SavedCardRow & Record<string, unknown>>(sql`
      SELECT l.id, l.make, l.model, l.year, l.mileage, l.fuel_type, l.transmission, l.total_price, l.place, l.cover_image,
        ${epochMs(sql`l.created_at`)} AS created_at, ${epochMs(sql`l.sold_at`)} AS sold_at, s.saved_total_price,
        (SELECT json_build_array(i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height)::text FROM listing_images i
          WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1) AS cover_photo
      FROM saved_listings s JOIN listings l ON l.id = s.listing_id
      WHERE s.user_id = ${userId} AND ${openable}
      ORDER BY s.created_at DESC, s.listing_id DESC`);
    return rows;
  }

  async ids(userId: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ listing_id: number }>(sql`
      SELECT s.listing_id FROM saved_listings s JOIN listings l ON l.id = s.listing_id
      WHERE s.user_id = ${userId} AND ${openable}
      ORDER BY s.created_at DESC, s.listing_id DESC`);
    return rows.map((r) => r.listing_id);
  }

  async add(userId: number, listingId: number): Promise<Date | null> {
    if (!isPgInt(listingId)) return null;
    // One statement checks the listing and inserts; a concurrent save of the same listing waits for the other's commit
    // and then does nothing (saved_listings_user_listing_uq), so both read the one row.
    await this.db.execute(sql`
      INSERT INTO saved_listings (user_id, listing_id, saved_total_price)
      SELECT ${userId}, l.id, l.total_price FROM listings l WHERE l.id = ${listingId} AND ${visible}
      ON CONFLICT (user_id, listing_id) DO NOTHING`);
    const [row] = await this.db
      .select({ savedAt: savedListings.createdAt })
      .from(savedListings)
      .innerJoin(listings, eq(listings.id, savedListings.listingId))
      .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId), eq(listings.status, 'approved'), eq(listings.active, true)));
    return row?.savedAt ?? null;
  }

  async remove(userId: number, listingId: number): Promise<boolean> {
    if (!isPgInt(listingId)) return false;
    const result = await this.db.delete(savedListings).where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)));
    return (result.rowCount ?? 0) > 0;
  }
}
