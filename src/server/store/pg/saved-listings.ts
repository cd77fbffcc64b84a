import { sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import type { CardRow } from '../../services/listing-shape';
import type { SavedListingsRepo } from '../saved-listings';

const visible = sql.raw(`l.status = 'approved' AND l.active`);

interface PgCardRow extends Omit<CardRow, 'created_at'> {
  created_at: Date;
}

export class PgSavedListingsRepo implements SavedListingsRepo {
  constructor(readonly db: PgDb) {}

  async list(userId: number): Promise<CardRow[]> {
    // The card's columns as services/listing-shape.ts cardColumns names them, the cover photo as the same JSON text.
    // Saves within one millisecond fall back to the listing id (the table has no row order of its own here).
    const { rows } = await this.db.execute<PgCardRow & Record<string, unknown>>(sql`
      SELECT l.id, l.make, l.model, l.year, l.mileage, l.fuel_type, l.transmission, l.total_price, l.place, l.cover_image, l.created_at,
        (SELECT json_build_array(i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height)::text FROM listing_images i
          WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1) AS cover_photo
      FROM saved_listings s JOIN listings l ON l.id = s.listing_id
      WHERE s.user_id = ${userId} AND ${visible}
      ORDER BY s.created_at DESC, s.listing_id DESC`);
    return rows.map((r) => ({ ...r, created_at: r.created_at.getTime() }));
  }

  async ids(userId: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ listing_id: number }>(sql`
      SELECT s.listing_id FROM saved_listings s JOIN listings l ON l.id = s.listing_id
      WHERE s.user_id = ${userId} AND ${visible}
      ORDER BY s.created_at DESC, s.listing_id DESC`);
    return rows.map((r) => r.listing_id);
  }

  async add(userId: number, listingId: number): Promise<Date | null> {
    // One statement checks the listing and inserts; a concurrent save of the same listing waits for the other's commit
    // and then does nothing (saved_listings_user_listing_uq), so both read the one row.
    await this.db.execute(sql`
      INSERT INTO saved_listings (user_id, listing_id)
      SELECT ${userId}, l.id FROM listings l WHERE l.id = ${listingId} AND ${visible}
      ON CONFLICT (user_id, listing_id) DO NOTHING`);
    const { rows } = await this.db.execute<{ created_at: Date }>(sql`
      SELECT s.created_at FROM saved_listings s JOIN listings l ON l.id = s.listing_id
      WHERE s.user_id = ${userId} AND s.listing_id = ${listingId} AND ${visible}`);
    return rows[0]?.created_at ?? null;
  }

  async remove(userId: number, listingId: number): Promise<boolean> {
    const result = await this.db.execute(sql`DELETE FROM saved_listings WHERE user_id = ${userId} AND listing_id = ${listingId}`);
    return (result.rowCount ?? 0) > 0;
  }
}
