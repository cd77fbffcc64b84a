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

/** The repositories over one SQLite file; `close` closes it when `owned` (the app opened it). */
export function createSqliteStore(db: SqliteDb, owned = true): SqliteStore {
  // The repositories are typed over PostgreSQL's tables; SQLite's have the same shape (store/dialect.ts).
  const parts: StoreParts = { db: db as unknown as Db, t: tables as unknown as Tables, d: sqliteDialect };
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
