import { closePgDatabase, type PgDb } from '../../../../db/pg/client';
import * as tables from '../../../../db/pg/schema';
import { InboxRepo } from '../inbox';
import { ListingsRepo } from '../listings';
import { NotificationsRepo } from '../notifications';
import type { StoreParts } from '../repository';
import type { PgStore } from '../store';
import { PgChatsRepo } from './chats';
import { pgDialect } from './dialect';
import { PgPhotosRepo } from './photos';
import { PgSavedListingsRepo } from './saved-listings';
import { PgSavedSearchesRepo } from './saved-searches';
import { PgSearchSource } from './search-source';
import { PgUsersRepo } from './users';

/** The repositories over one PostgreSQL pool; `close` ends the pool when `owned`. */
export function createPgStore(db: PgDb, owned = true): PgStore {
  const parts: StoreParts = { db, t: tables, d: pgDialect };
  return {
    dialect: 'pg',
    db,
    users: new PgUsersRepo(db),
    listings: new ListingsRepo(parts),
    photos: new PgPhotosRepo(parts),
    chats: new PgChatsRepo(db),
    notifications: new NotificationsRepo(parts),
    inbox: new InboxRepo(parts),
    savedListings: new PgSavedListingsRepo(db),
    savedSearches: new PgSavedSearchesRepo(db),
    searchSource: new PgSearchSource(db),
    async close() {
      if (owned) await closePgDatabase(db);
    },
  };
}
