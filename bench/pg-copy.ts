// `npm run bench -- --store pg` (bench/run.ts): a PostgreSQL database holding the same rows as a seeded SQLite file, so
// both stores are measured on one data set. Rows are read through the SQLite schema and written through the
// PostgreSQL one (db/schema, db/pg/schema: the same tables under the same names), so ms integers become Dates, 0/1
// booleans and JSON text jsonb by the schemas' own mapping.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import type { PgDb } from '../db/pg/client';
import * as pgSchema from '../db/pg/schema';
import * as lite from '../db/schema';

/** PostgreSQL takes at most 65 535 parameters a statement: rows per INSERT are this many over the column count. */
const PARAMETERS = 60_000;

/**
 * Copies every row of the SQLite database's tables into the migrated, empty PostgreSQL one in one transaction, with
 * the same ids; identities continue after the largest id. The search's change log starts empty at SQLite's version.
 * Answers the rows copied per table.
 */
export async function copySqliteToPg(from: Db, to: PgDb): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  const version = Number(from.$client.prepare('SELECT version FROM listings_search_state WHERE id = 1').pluck().get() ?? 0);
  await to.transaction(async (tx) => {
    // Replica mode fires no trigger: not the search log's (each row would take the version row and log itself), nor
    // the foreign keys' (tables go in any order). The search state is set once at the end instead.
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const [name, table] of Object.entries(lite)) {
      if (!(table instanceof SQLiteTable)) continue;
      const target = pgSchema[name as keyof typeof pgSchema] as PgTable;
      const batch = Math.floor(PARAMETERS / getTableConfig(table).columns.length);
      let n = 0;
      // Pages by rowid: an OFFSET would read every skipped row again.
      for (let after = 0; ; ) {
        const page = from
          .select({ rowid_: sql<number>`rowid`, ...getTableColumns(table) })
          .from(table)
          .where(sql`rowid > ${after}`)
          .orderBy(sql`rowid`)
          .limit(batch)
          .all() as ({ rowid_: number } & Record<string, unknown>)[];
        if (page.length === 0) break;
        after = page[page.length - 1].rowid_;
        // The identities are GENERATED ALWAYS: the rows keep their SQLite ids only when overriding them.
        await tx
          .insert(target)
          .overridingSystemValue()
          .values(page.map(({ rowid_: _, ...row }) => row) as PgTable['$inferInsert'][]);
        n += page.length;
      }
      copied[name] = n;
    }
    const { rows } = await tx.execute<{ table_name: string; column_name: string }>(
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'`,
    );
    for (const { table_name: t, column_name: c } of rows) {
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${`"${t}"`}, ${c}), coalesce(max(${sql.identifier(c)}), 0) + 1, false) FROM ${sql.identifier(t)}`);
    }
    await tx.execute(sql`DELETE FROM listings_search_changes`);
    await tx.execute(
      sql`UPDATE listings_search_state SET version = ${version}, visible = (SELECT count(*) FROM listings WHERE status = 'approved' AND active) WHERE id = 1`,
    );
  });
  // What a bulk load is followed by, as the SQLite seed's PRAGMA optimize: planner statistics, and a visibility map so
  // index-only scans need not visit the heap.
  await to.$client.query('VACUUM ANALYZE');
  return copied;
}
