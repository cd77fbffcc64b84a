import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { adminQuery } from '../../src/server/testing/pg-cluster';
import { closePgDatabase, openPgDatabase, pgMigrationsFolder } from './client';

// Three instances starting at once on an empty database (docs/decisions/018-postgresql.md): the advisory lock lets one
// migrate and the others find the work done. Without it, two would create the same tables and one would fail.
const admin = process.env.BP_TEST_PG_ADMIN_URL!;
const name = `bp_migrate_${process.pid}`;
afterAll(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

it('migrates once when three instances start together', async () => {
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const dbs = await Promise.all([openPgDatabase(url), openPgDatabase(url), openPgDatabase(url)]);
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const { rows } = await dbs[0].$client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(journal.entries.length);
    const state = await dbs[1].$client.query('SELECT version, visible FROM listings_search_state');
    expect(state.rows).toEqual([{ version: 0, visible: 0 }]);
  } finally {
    await Promise.all(dbs.map(closePgDatabase));
  }
});
