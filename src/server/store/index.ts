import { openDatabase, type Db as SqliteDb } from '../../../db/client';
import { openPgDatabase, type PgDb } from '../../../db/pg/client';
import type { AppConfig } from '../config';
import { createPgStore, pgParts } from './pg';
import { createSqliteStore, sqliteParts } from './sqlite';
import type { DialectName } from './dialect';
import type { Repositories } from './repositories';
import type { StoreParts } from './repository';

export { createPgStore } from './pg';
export { createSqliteStore } from './sqlite';
export type Dialect = DialectName;

// The app's data behind one repository per aggregate (docs/decisions/023-one-store.md). Services reach rows only through these, and
// a business transaction is one repository method, so none holds a transaction across an await (docs/store.md#business-transactions).
interface StoreOf<D extends Dialect, Database> extends Repositories {
  readonly dialect: D;
  readonly db: Database;
  close(): Promise<void>;
}

export type SqliteStore = StoreOf<'sqlite', SqliteDb>;
export type PgStore = StoreOf<'pg', PgDb>;
export type Store = SqliteStore | PgStore;

/** DATABASE_URL=postgres://… runs on PostgreSQL; without it, the SQLite file at DATABASE_PATH (both migrated). */
export async function openStore(config: Pick<AppConfig, 'databaseUrl' | 'databasePath'>): Promise<Store> {
  if (config.databaseUrl) return createPgStore(await openPgDatabase(config.databaseUrl));
  return createSqliteStore(openDatabase(config.databasePath));
}

/** The parts the store's repositories are built from (tests and tools that write through a dialect's transaction). */
export function storeParts(store: Store): StoreParts {
  return store.dialect === 'pg' ? pgParts(store.db) : sqliteParts(store.db);
}
