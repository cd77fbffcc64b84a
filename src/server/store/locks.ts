import { sql } from 'drizzle-orm';
import type { SqlDialect, Tx } from './dialect';

/**
 * Locks the search's version row: call it first in every transaction that writes listings (a user's deletion included), so
 * all of them lock in one order and none deadlocks on PostgreSQL (docs/store.md#the-version-row-first). Nothing on SQLite.
 */
export async function lockListingWrites(tx: Tx, { d }: { d: SqlDialect }): Promise<void> {
  await d.lockRowsOf(tx, sql`SELECT 1 FROM listings_search_state WHERE id = 1`);
}
