import { closePgDatabase, type PgDb } from '../../../../db/pg/client';
import * as tables from '../../../../db/pg/schema';
import { InboxRepo } from '../inbox';
import { ListingsRepo } from '../listings';
import { NotificationsRepo } from '../notifications';
import type { StoreParts } from '../repository';
import { SavedListingsRepo } from '../saved-listings';
import { SavedSearchesRepo } from '../saved-searches';
import type { PgStore } from '..';
import { UsersRepo } from '../users';
import { PgChatsRepo } from './chats';
import { pgDialect } from './dialect';
import { PgPhotosRepo } from './photos';
import { PgSearchSource } from './search-source';

/** The repositories over one PostgreSQL pool; `close` ends the pool when `owned`. */
export function createPgStore(db: PgDb, owned = true): PgStore {
  const parts: StoreParts = { db, t: tables, d: pgDialect };
  return {
    dialect: 'pg',
    db,
    users: new UsersRepo(parts),
    listings: new ListingsRepo(parts),
    photos: new PgPhotosRepo(parts),
    chats: new PgChatsRepo(parts),
    notifications: new NotificationsRepo(parts),
    inbox: new InboxRepo(parts),
    savedListings: new SavedListingsRepo(parts),
    savedSearches: new SavedSearchesRepo(parts),
    searchSource: new PgSearchSource(db),
    async close() {
      if (owned) await closePgDatabase(db);
    },
  };
}
