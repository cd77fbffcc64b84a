import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SqlDialect, Q, Tx } from '../dialect';

// PostgreSQL's side of store/dialect.ts: real transactions on a pooled connection, row locks, advisory locks.

export const pgDialect: SqlDialect = {
  name: 'pg',

  transaction: (db, work) => db.transaction(work),

  lockRows<T>(query: T, of?: unknown): T {
    const select = query as unknown as PgSelect;
    return (of ? select.for('update', { of: of as never }) : select.for('update')) as unknown as T;
  },

  async lockRowsOf(tx: Tx, select: SQL) {
    await tx.execute(sql`${select} FOR UPDATE`);
  },

  async orderLock(tx: Tx, key: number) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
  },

  async rows<T extends Record<string, unknown>>(db: Q, query: SQL): Promise<T[]> {
    return (await db.execute(query)).rows as T[];
  },

  greatest: (a, b) => sql`greatest(${a}, ${b})`,
  // drizzle's node-postgres session leaves a raw query's timestamps as text; only its column mappers make Dates.
  epochMs: (column) => sql`(extract(epoch from ${column}) * 1000)::float8`,
  startsWith: (column, prefix) => sql`starts_with(${column}, ${prefix})`,
  // SQLite's COLLATE NOCASE: ASCII case folded, then byte order, whatever the database's collation.
  caseFolded: (column) => sql`lower(${column}) COLLATE "C"`,
  preparedFirst: async (query, values) => (await query.execute(values))[0],

  snapshot: (db, work) => db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' }),
  lockRowsShared: <T>(query: T): T => (query as unknown as PgSelect).for('share') as unknown as T,

  throughIndex: (table) => table,
};
