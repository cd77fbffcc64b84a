import type { Db } from '../../../db/client';
import type { PgDb } from '../../../db/pg/client';
import type { ChatsRepo } from './chats';
import type { InboxRepo } from './inbox';
import type { ListingsRepo } from './listings';
import type { NotificationsRepo } from './notifications';
import type { PhotosRepo } from './photos';
import type { SavedListingsRepo } from './saved-listings';
import type { SavedSearchesRepo } from './saved-searches';
import type { SearchSource } from './search-source';
import type { UsersRepo } from './users';

// The data of the app behind one repository per aggregate (docs/decisions/018-postgresql.md). Services are async and
// reach rows only through these; each has a SQLite implementation (store/sqlite, which may stay synchronous inside,
// transactions included) and a PostgreSQL one (store/pg, with real transactions). A business transaction is one
// repository method, so no service holds a transaction open across an await.

export type { DialectName as Dialect } from './dialect';

interface Repositories {
  users: UsersRepo;
  listings: ListingsRepo;
  photos: PhotosRepo;
  chats: ChatsRepo;
  notifications: NotificationsRepo;
  inbox: InboxRepo;
  savedListings: SavedListingsRepo;
  savedSearches: SavedSearchesRepo;
  searchSource: SearchSource;
}

export interface SqliteStore extends Repositories {
  readonly dialect: 'sqlite';
  readonly db: Db;
  close(): Promise<void>;
}

export interface PgStore extends Repositories {
  readonly dialect: 'pg';
  readonly db: PgDb;
  close(): Promise<void>;
}

export type Store = SqliteStore | PgStore;
