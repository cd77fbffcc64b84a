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

  /** Runs `work` as one transaction, rolled back by a throw; on SQLite other repository calls wait for it (docs/store.md#the-gate). */
  transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The select's rows locked to the transaction's end (FOR UPDATE, of `of` when given); nothing on SQLite, one writer at a time. */
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
  /** The first row of a query prepared once (`.prepare(name)`), or undefined; synchronous on SQLite (docs/store.md#prepared-statements). */
  preparedFirst<T>(query: { execute(values?: Record<string, unknown>): Promise<T[]> }, values: Record<string, unknown>): T | undefined | Promise<T | undefined>;

  /** Runs `work`'s reads as of one moment, so they agree (a count and its page; docs/store.md#snapshots). */
  snapshot<T>(db: Db, work: (q: Tx) => Promise<T>): Promise<T>;
  /** The select's rows kept from change until the transaction ends (FOR SHARE); nothing on SQLite, as lockRows. */
  lockRowsShared<T>(query: T): T;
  /** `table` for a FROM read through the partial index `index`: SQLite's planner lacks statistics (INDEXED BY); PostgreSQL's chooses. */
  throughIndex<T extends object>(table: T, index: string): T;
}
