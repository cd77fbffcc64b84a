import { closeDatabase, type Db as SqliteDb } from '../../../../db/client';
import * as tables from '../../../../db/schema';
import type { Db, Tables } from '../dialect';
import { ChatsRepo } from '../chats';
import { InboxRepo } from '../inbox';
import { ListingsRepo } from '../listings';
import { NotificationsRepo } from '../notifications';
import { PhotosRepo } from '../photos';
import type { StoreParts } from '../repository';
import { SavedListingsRepo } from '../saved-listings';
import { SavedSearchesRepo } from '../saved-searches';
import type { SqliteStore } from '..';
import { UsersRepo } from '../users';
import { sqliteDialect } from './dialect';
import { gateRepositories } from './gate';
import { SqliteSearchSource } from './search-source';

/** The repositories over one SQLite file; `close` closes it when `owned` (the app opened it). */
export function createSqliteStore(db: SqliteDb, owned = true): SqliteStore {
  // The repositories are typed over PostgreSQL's tables; SQLite's have the same shape (store/dialect.ts).
  const parts: StoreParts = { db: db as unknown as Db, t: tables as unknown as Tables, d: sqliteDialect };
  const store: SqliteStore = {
    dialect: 'sqlite',
    db,
    users: new UsersRepo(parts),
    listings: new ListingsRepo(parts),
    photos: new PhotosRepo(parts),
    chats: new ChatsRepo(parts),
    notifications: new NotificationsRepo(parts),
    inbox: new InboxRepo(parts),
    savedListings: new SavedListingsRepo(parts),
    savedSearches: new SavedSearchesRepo(parts),
    searchSource: new SqliteSearchSource(db),
    async close() {
      if (owned) closeDatabase(db);
    },
  };
  // One repository call at a time on the one connection, so none runs inside another's open transaction.
  return gateRepositories(store);
}
