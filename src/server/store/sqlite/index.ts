import { closeDatabase, type Db as SqliteDb } from '../../../../db/client';
import * as tables from '../../../../db/schema';
import type { Db, Tables } from '../dialect';
import { ChatsRepo } from '../chats';
import { PhotosRepo } from '../photos';
import { repositories } from '../repositories';
import type { StoreParts } from '../repository';
import type { SqliteStore } from '..';
import { sqliteDialect } from './dialect';
import { gateRepositories } from './gate';
import { SqliteSearchSource } from './search-source';

/** The parts of the repositories over one SQLite file: typed over PostgreSQL's tables, SQLite's have the same shape (store/dialect.ts). */
export const sqliteParts = (db: SqliteDb): StoreParts => ({ db: db as unknown as Db, t: tables as unknown as Tables, d: sqliteDialect });

/** The repositories over one SQLite file; `close` closes it when `owned` (the app opened it). */
export function createSqliteStore(db: SqliteDb, owned = true): SqliteStore {
  const parts = sqliteParts(db);
  const own = { photos: new PhotosRepo(parts), chats: new ChatsRepo(parts), searchSource: new SqliteSearchSource(parts) };
  const store: SqliteStore = {
    dialect: 'sqlite',
    db,
    ...repositories(parts, own),
    async close() {
      if (owned) closeDatabase(db);
    },
  };
  // One repository call at a time on the one connection, so none runs inside another's open transaction.
  return gateRepositories(store);
}
