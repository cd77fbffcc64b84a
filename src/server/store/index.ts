import { openDatabase } from '../../../db/client';
import { openPgDatabase } from '../../../db/pg/client';
import type { AppConfig } from '../config';
import { createPgStore } from './pg';
import { createSqliteStore } from './sqlite';
import * as pgTables from '../../../db/pg/schema';
import * as sqliteTables from '../../../db/schema';
import type { Db, Tables } from './dialect';
import { pgDialect } from './pg/dialect';
import type { StoreParts } from './repository';
import { sqliteDialect } from './sqlite/dialect';
import type { Store } from './store';

export type { Dialect, PgStore, SqliteStore, Store } from './store';
export { createPgStore } from './pg';
export { createSqliteStore } from './sqlite';

/** DATABASE_URL=postgres://… runs on PostgreSQL; without it, the SQLite file at DATABASE_PATH (both migrated). */
export async function openStore(config: Pick<AppConfig, 'databaseUrl' | 'databasePath'>): Promise<Store> {
  if (config.databaseUrl) return createPgStore(await openPgDatabase(config.databaseUrl));
  return createSqliteStore(openDatabase(config.databasePath));
}

/** The parts the store's repositories are built from (tests and tools that write through a dialect's transaction). */
export function storeParts(store: Store): StoreParts {
  if (store.dialect === 'pg') return { db: store.db, t: pgTables, d: pgDialect };
  return { db: store.db as unknown as Db, t: sqliteTables as unknown as Tables, d: sqliteDialect };
}
