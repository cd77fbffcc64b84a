import { closeDatabase, type Db } from '../../../../db/client';
import type { SqliteStore } from '../store';
import { SqliteChatsRepo } from './chats';
import { SqliteInboxRepo } from './inbox';
import { SqliteListingsRepo } from './listings';
import { SqliteNotificationsRepo } from './notifications';
import { SqlitePhotosRepo } from './photos';
import { SqliteSavedListingsRepo } from './saved-listings';
import { SqliteSavedSearchesRepo } from './saved-searches';
import { SqliteSearchSource } from './search-source';
import { SqliteUsersRepo } from './users';

/** The repositories over one SQLite file; `close` closes it when `owned` (the app opened it). */
export function createSqliteStore(db: Db, owned = true): SqliteStore {
  return {
    dialect: 'sqlite',
    db,
    users: new SqliteUsersRepo(db),
    listings: new SqliteListingsRepo(db),
    photos: new SqlitePhotosRepo(db),
    chats: new SqliteChatsRepo(db),
    notifications: new SqliteNotificationsRepo(db),
    inbox: new SqliteInboxRepo(db),
    savedListings: new SqliteSavedListingsRepo(db),
    savedSearches: new SqliteSavedSearchesRepo(db),
    searchSource: new SqliteSearchSource(db),
    async close() {
      if (owned) closeDatabase(db);
    },
  };
}
