import { sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';

/**
 * Every write to `listings` takes the search's version row in its trigger (db/pg/migrations/0001_search_changes.sql),
 * after the row locks the statement takes. A transaction that locks a listing (or a user, whose listings cascade) and
 * then writes could meet another that holds the version row and waits for that listing: a deadlock. Taking the version
 * row first, at the start of every transaction that writes listings, makes the order the same for all of them.
 */
export async function lockListingWrites(tx: Pick<PgDb, 'execute'>): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM listings_search_state WHERE id = 1 FOR UPDATE`);
}
