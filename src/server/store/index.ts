import { openDatabase } from '../../../db/client';
import { openPgDatabase } from '../../../db/pg/client';
import type { AppConfig } from '../config';
import { createPgStore } from './pg';
import { createSqliteStore } from './sqlite';
import type { Store } from './store';

export type { Dialect, PgStore, SqliteStore, Store } from './store';
export { createPgStore } from './pg';
export { createSqliteStore } from './sqlite';

/** DATABASE_URL=postgres://… runs on PostgreSQL; without it, the SQLite file at DATABASE_PATH (both migrated). */
export async function openStore(config: Pick<AppConfig, 'databaseUrl' | 'databasePath'>): Promise<Store> {
  if (config.databaseUrl) return createPgStore(await openPgDatabase(config.databaseUrl));
  return createSqliteStore(openDatabase(config.databasePath));
}
