import { closePgDatabase, type PgDb } from '../../../../db/pg/client';
import type { PgStore } from '../store';
import { PgChatsRepo } from './chats';
import { PgInboxRepo } from './inbox';
import { PgListingsRepo } from './listings';
import { PgNotificationsRepo } from './notifications';
import { PgPhotosRepo } from './photos';
import { PgSavedListingsRepo } from './saved-listings';
import { PgSavedSearchesRepo } from './saved-searches';
import { PgSearchSource } from './search-source';
import { PgUsersRepo } from './users';

/** The repositories over one PostgreSQL pool; `close` ends the pool when `owned`. */
export function createPgStore(db: PgDb, owned = true): PgStore {
  return {
    dialect: 'pg',
    db,
    users: new PgUsersRepo(db),
    listings: new PgListingsRepo(db),
    photos: new PgPhotosRepo(db),
    chats: new PgChatsRepo(db),
    notifications: new PgNotificationsRepo(db),
    inbox: new PgInboxRepo(db),
    savedListings: new PgSavedListingsRepo(db),
    savedSearches: new PgSavedSearchesRepo(db),
    searchSource: new PgSearchSource(db),
    async close() {
      if (owned) await closePgDatabase(db);
    },
  };
}
