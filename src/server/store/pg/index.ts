import { closePgDatabase, type PgDb } from '../../../../db/pg/client';
import * as tables from '../../../../db/pg/schema';
import { repositories } from '../repositories';
import type { StoreParts } from '../repository';
import type { PgStore } from '..';
import { PgChatsRepo } from './chats';
import { pgDialect } from './dialect';
import { PgPhotosRepo } from './photos';
import { PgSearchSource } from './search-source';

export const pgParts = (db: PgDb): StoreParts => ({ db, t: tables, d: pgDialect });

/** The repositories over one PostgreSQL pool; `close` ends the pool when `owned`. */
export function createPgStore(db: PgDb, owned = true): PgStore {
  const parts = pgParts(db);
  const own = { photos: new PgPhotosRepo(parts), chats: new PgChatsRepo(parts), searchSource: new PgSearchSource(parts) };
  return {
    dialect: 'pg',
    db,
    ...repositories(parts, own),
    async close() {
      if (owned) await closePgDatabase(db);
    },
  };
}
