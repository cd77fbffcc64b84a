import type { Db } from '../../../db/client';
import { createSqliteStore, type Store } from '../store';

/**
 * What the test helpers take: the test's Store, or the SQLite Db of a test written before the store existed
 * (docs/decisions/018-postgresql.md). Such a Db is wrapped in a store of its own, once.
 */
export type StoreOrDb = Store | Db;
const wrapped = new WeakMap<Db, Store>();

export function storeOf(x: StoreOrDb): Store {
  if (typeof (x as Store).dialect === 'string') return x as Store;
  const db = x as Db;
  let store = wrapped.get(db);
  if (!store) wrapped.set(db, (store = createSqliteStore(db, false)));
  return store;
}
