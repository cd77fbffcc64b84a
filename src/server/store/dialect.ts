import type { SQL } from 'drizzle-orm';
import type { PgDb } from '../../../db/pg/client';
import type * as tables from '../../../db/pg/schema';

// One implementation of each repository serves both stores, typed as PostgreSQL's (docs/decisions/023-one-store.md).
// What really differs between the two databases is named once, here: store/sqlite/dialect.ts and store/pg/dialect.ts.

/** The database a repository queries: typed as PostgreSQL's, the SQLite one at run time on SQLite. */
export type Db = PgDb;
/** A transaction, as `Dialect.transaction` hands it to its work. */
export type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];
/** Either: what a helper shared by transactional and plain reads takes. */
export type Q = Db | Tx;
/** The tables, typed as PostgreSQL's; on SQLite the SQLite schema's tables of the same names. */
export type Tables = typeof tables;

export type DialectName = 'sqlite' | 'pg';

export interface SqlDialect {
  readonly name: DialectName;

  /**
   * Runs `work` as one transaction; a throw rolls it back. On SQLite every other repository call is held back until it
   * ends (store/sqlite/gate.ts), so nothing else runs inside it across its awaits.
   */
  transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The select's rows locked until the transaction ends (PostgreSQL's FOR UPDATE, of `of` only when given). Nothing on
   * SQLite, where a transaction already holds the whole database.
   */
  lockRows<T>(query: T, of?: unknown): T;
  /** Runs a hand-written SELECT that locks its rows until the transaction ends; nothing on SQLite, as lockRows. */
  lockRowsOf(tx: Tx, select: SQL): Promise<void>;
  /** A transaction-level lock (pg_advisory_xact_lock) so serial ids commit in order; nothing on SQLite. */
  orderLock(tx: Tx, key: number): Promise<void>;
  /** Runs a hand-written statement and answers its rows (column names as the SQL gives them). */
  rows<T extends Record<string, unknown>>(db: Q, query: SQL): Promise<T[]>;

  /** The larger of two numbers in one row: SQLite's scalar max(), PostgreSQL's greatest(). */
  greatest(a: SQL, b: SQL): SQL;
  /** A timestamp column as epoch milliseconds (a number) in hand-written SQL: SQLite stores them so. */
  epochMs(column: SQL): SQL;
  /** `column` starts with `prefix`, byte for byte, in a form the column's index can serve. */
  startsWith(column: SQL | SQL.Aliased | object, prefix: string): SQL;
  /** A text column for ordering with ASCII case folded, then byte order: SQLite's COLLATE NOCASE. */
  caseFolded(column: object): SQL;
  /**
   * The first row of a query prepared once (Drizzle's `.prepare(name)`), or undefined. On SQLite it comes synchronously
   * from the statement's get(): awaiting Drizzle's promise wrapper there costs more than a keyed lookup itself.
   */
  preparedFirst<T>(query: { execute(values?: Record<string, unknown>): Promise<T[]> }, values: Record<string, unknown>): T | undefined | Promise<T | undefined>;

  /**
   * Runs `work`'s reads as of one moment, so the statements agree (a count and its page): PostgreSQL's read-only
   * repeatable-read transaction; on SQLite a deferred one, which holds its snapshot from the first read and, unlike
   * `transaction`, keeps other processes' writers waiting for nothing until then.
   */
  snapshot<T>(db: Db, work: (q: Tx) => Promise<T>): Promise<T>;
  /** The select's rows kept from change until the transaction ends (FOR SHARE); nothing on SQLite, as lockRows. */
  lockRowsShared<T>(query: T): T;
  /**
   * `table` for a FROM that reads it through the partial index `index`: SQLite's INDEXED BY, as its planner, without
   * statistics, may take another index whose condition every row matches; on PostgreSQL the table, its planner choosing.
   */
  throughIndex<T extends object>(table: T, index: string): T;
}
