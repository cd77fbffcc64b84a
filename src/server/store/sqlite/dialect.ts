import type { Statement } from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import type { Db as SqliteDb } from '../../../../db/client';
import type { Db, SqlDialect, Q, Tx } from '../dialect';

// SQLite's side of store/dialect.ts: transactions are BEGIN … COMMIT on the one connection, kept to themselves by sqlite/gate.ts.

const sqliteOf = (db: Q) => db as unknown as SqliteDb;

/** BEGIN, COMMIT and ROLLBACK prepared once per connection, as better-sqlite3's own transactions keep them. */
const control = new WeakMap<object, { begin: Statement; beginDeferred: Statement; commit: Statement; rollback: Statement }>();
function controlOf(client: SqliteDb['$client']) {
  let c = control.get(client);
  if (!c) control.set(client, (c = { begin: client.prepare('BEGIN IMMEDIATE'), beginDeferred: client.prepare('BEGIN'), commit: client.prepare('COMMIT'), rollback: client.prepare('ROLLBACK') }));
  return c;
}

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',

  // IMMEDIATE takes the write lock at once, so another process writing the file waits on busy_timeout instead of failing half-way.
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
  preparedFirst: (query, values) => (query as unknown as { get(v: Record<string, unknown>): never }).get(values),

  snapshot: (db, work) => inTransaction(db, 'BEGIN', work),
  lockRowsShared: (query) => query,
  throughIndex: <T extends object>(table: T, index: string): T => sql`${table} INDEXED BY ${sql.identifier(index)}` as unknown as T,
};

async function inTransaction<T>(db: Db, begin: 'BEGIN IMMEDIATE' | 'BEGIN', work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = sqliteOf(db).$client;
  const statements = controlOf(client);
  (begin === 'BEGIN' ? statements.beginDeferred : statements.begin).run();
  try {
    const answer = await work(db as unknown as Tx);
    statements.commit.run();
    return answer;
  } catch (err) {
    if (client.inTransaction) statements.rollback.run();
    throw err;
  }
}
