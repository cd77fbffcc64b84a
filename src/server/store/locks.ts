import { sql } from 'drizzle-orm';
import type { SqlDialect, Tx } from './dialect';

/**
 * Every write to `listings` takes the search's version row in its trigger (db/pg/migrations/0001_search_changes.sql),
 * after the row locks the statement takes. On PostgreSQL a transaction that locks a listing (or a user, whose listings
 * cascade) and then writes could meet another that holds the version row and waits for that listing: a deadlock.
 * Taking the version row first, at the start of every transaction that writes listings, makes the order the same for
 * all of them. Nothing on SQLite, where transactions run one at a time.
 */
export async function lockListingWrites(tx: Tx, { d }: { d: SqlDialect }): Promise<void> {
  await d.lockRowsOf(tx, sql`SELECT 1 FROM listings_search_state WHERE id = 1`);
}
