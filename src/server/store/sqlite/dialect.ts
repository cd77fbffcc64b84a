import { sql, type SQL } from 'drizzle-orm';
import type { Db as SqliteDb } from '../../../../db/client';
import type { Db, SqlDialect, Q, Tx } from '../dialect';

// SQLite's side of store/dialect.ts. Its transactions are BEGIN ... COMMIT on the one connection; the gate
// (sqlite/gate.ts) that every repository call passes keeps other calls out while one is open.

const sqliteOf = (db: Q) => db as unknown as SqliteDb;

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',

  // IMMEDIATE takes the write lock at once: another process writing the file (npm run admin) waits on busy_timeout
  // instead of failing the upgrade from a read lock half-way through.
  transaction: (db, work) => inTransaction(db, 'BEGIN IMMEDIATE', work),

  lockRows: (query) => query,
  lockRowsOf: async () => {},
  orderLock: async () => {},

  async rows<T extends Record<string, unknown>>(db: Q, query: SQL): Promise<T[]> {
    return sqliteOf(db).all<T>(query);
  },

  greatest: (a, b) => sql`max(${a}, ${b})`,
  epochMs: (column) => column,
  // A range, so a BINARY index serves it (LIKE cannot); U+FFFF sorts after every character a code or plate holds.
  startsWith: (column, prefix) => sql`(${column} >= ${prefix} AND ${column} < ${`${prefix}\uffff`})`,
  caseFolded: (column) => sql`${column} COLLATE NOCASE`,
  jsonText: (column) => column,

  snapshot: (db, work) => inTransaction(db, 'BEGIN', work),
  lockRowsShared: (query) => query,
  throughIndex: <T extends object>(table: T, index: string): T => sql`${table} INDEXED BY ${sql.identifier(index)}` as unknown as T,
};

async function inTransaction<T>(db: Db, begin: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = sqliteOf(db).$client;
  client.exec(begin);
  try {
    const answer = await work(db as unknown as Tx);
    client.exec('COMMIT');
    return answer;
  } catch (err) {
    if (client.inTransaction) client.exec('ROLLBACK');
    throw err;
  }
}
