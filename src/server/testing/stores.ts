import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { openDatabase } from '../../../db/client';
import { openPgDatabase } from '../../../db/pg/client';
import { createPgStore, createSqliteStore, type Dialect, type Store } from '../store';
import { adminQuery } from './pg-cluster';
import { TEMPLATE_DB } from './pg-global-setup';

/** The store the suite runs on: TEST_STORE=pg runs every test on PostgreSQL, else SQLite (in memory). */
export function testDialect(): Dialect {
  return process.env.TEST_STORE === 'pg' ? 'pg' : 'sqlite';
}

let databases = 0;

/**
 * A fresh migrated store of its own: an in-memory SQLite database, or a PostgreSQL database copied from the run's
 * template (testing/pg-global-setup.ts). `close` ends it and drops the PostgreSQL database.
 */
export async function createTestStore(dialect: Dialect = testDialect()): Promise<Store> {
  if (dialect === 'sqlite') return createSqliteStore(openDatabase(':memory:'));
  const admin = process.env.BP_TEST_PG_ADMIN_URL;
  if (!admin) throw new Error(process.env.BP_TEST_PG_MISSING ?? 'No PostgreSQL for the tests: run them through vitest (its global setup starts one)');
  const name = `bp_test_${process.pid}_${++databases}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const store = createPgStore(await openPgDatabase(url, { max: 4 }));
  const close = store.close;
  return Object.assign(store, {
    url,
    async close() {
      await close();
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  });
}

/** The URL of a PostgreSQL store made by createTestStore, for a second app instance on the same database. */
export function pgUrlOf(store: Store): string {
  const url = (store as Store & { url?: string }).url;
  if (!url) throw new Error('not a PostgreSQL test store');
  return url;
}

/**
 * A second instance's pool on a PostgreSQL test store's database. Like the app's (db/pg/client.ts) it drops a
 * connection the server ends rather than throwing: the store's close drops the database WITH (FORCE), which can end a
 * connection this pool is still closing.
 */
export function instancePool(store: Store, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: pgUrlOf(store), max });
  pool.on('error', () => {});
  return pool;
}

/** Runs a repository's contract on both stores: `describe(name + ' on sqlite' | ' on pg', …)`. */
export function describeOnEachStore(name: string, body: (dialect: Dialect) => void) {
  for (const dialect of ['sqlite', 'pg'] as const) describe(`${name} on ${dialect}`, () => body(dialect));
}

/**
 * A fresh store for every test of the enclosing describe, closed after it. `seed` puts in what each test starts from
 * and returns it: the tests read `t.store` and the seeded values (`t.seller`) from the returned object.
 */
export function storeForEachTest<T extends object>(dialect: Dialect, seed: (store: Store) => Promise<T>): { store: Store } & T {
  const t = {} as { store: Store } & T;
  beforeEach(async () => {
    const store = await createTestStore(dialect);
    Object.assign(t, { store }, await seed(store));
  });
  afterEach(() => t.store.close());
  return t;
}
