import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { closeDatabase, migrationsFolder, openDatabase } from './client';
import { closePgDatabase, openPgDatabase, pgMigrationsFolder } from './pg/client';
import { adminQuery } from '../src/server/testing/pg-cluster';
import { describeOnEachStore } from '../src/server/testing/stores';

// The unique e-mail migration (SQLite 0017, PostgreSQL 0003): addresses become unique ignoring case. A database where
// several accounts share an address keeps every account: the oldest keeps the address, the others get it tagged with
// their id (docs/decisions/021-mail-and-account-recovery.md).

const UNIQUE_EMAIL = { sqlite: '0017_unique_email_reset_tokens', pg: '0003_unique_email_reset_tokens' };

const scratch: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of scratch.splice(0).reverse()) await clean();
});

/** The migrations before that one, in a folder of their own (as a database of that time was migrated). */
function migrationsBefore(folder: string, tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  expect(entries.length).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-migrations-'));
  scratch.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

// In order of creation: Kari first, then two later accounts with her address in other cases, then the admin-address
// squatter and the admin (in that order), and one account with an address of its own.
const ACCOUNTS = [
  ['kari', 'kari@example.no'],
  ['kari2', 'KARI@example.no'],
  ['ola', 'ola@example.no'],
  ['kari3', 'Kari@Example.no'],
  ['squatter', 'admin@bilpartner.no'],
  ['admin', 'Admin@Bilpartner.no'],
] as const;

const EXPECTED = (ids: Record<string, number>) => [
  { username: 'kari', email: 'kari@example.no' },
  { username: 'kari2', email: `KARI+duplikat-${ids.kari2}@example.no` },
  { username: 'ola', email: 'ola@example.no' },
  { username: 'kari3', email: `Kari+duplikat-${ids.kari3}@Example.no` },
  { username: 'squatter', email: 'admin@bilpartner.no' },
  { username: 'admin', email: `Admin+duplikat-${ids.admin}@Bilpartner.no` },
];

describeOnEachStore('the unique e-mail migration', (dialect) => {
  it('keeps every account, the oldest with the shared address, and then refuses a duplicate', async () => {
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-db-'));
      scratch.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'old.db');
      const sqlite = new Database(file);
      migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrationsFolder, UNIQUE_EMAIL.sqlite) });
      const insert = sqlite.prepare("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES (?, 'x', 'Navn', ?, ?)");
      const ids = Object.fromEntries(ACCOUNTS.map(([u, e]) => [u, Number(insert.run(u, e, `BP-${u}`).lastInsertRowid)]));
      sqlite.close();

      const db = openDatabase(file);
      scratch.push(() => closeDatabase(db));
      expect(db.$client.prepare('SELECT username, email FROM users ORDER BY id').all()).toEqual(EXPECTED(ids));
      expect(() => db.$client.prepare("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('per', 'x', 'Per', 'OLA@example.no', 'BP-per')").run()).toThrow(
        /users_email_lower_uq/,
      );
      return;
    }

    const admin = process.env.BP_TEST_PG_ADMIN_URL!;
    const name = `bp_unique_email_${process.pid}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    scratch.push(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = admin.replace(/\/postgres$/, `/${name}`);
    const old = new pg.Pool({ connectionString: url, max: 1 });
    await migratePg(drizzlePg(old), { migrationsFolder: migrationsBefore(pgMigrationsFolder, UNIQUE_EMAIL.pg) });
    const ids: Record<string, number> = {};
    for (const [u, e] of ACCOUNTS) {
      const { rows } = await old.query("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ($1, 'x', 'Navn', $2, $3) RETURNING id", [u, e, `BP-${u}`]);
      ids[u] = rows[0].id;
    }
    await old.end();

    const db = await openPgDatabase(url);
    scratch.push(() => closePgDatabase(db));
    expect((await db.$client.query('SELECT username, email FROM users ORDER BY id')).rows).toEqual(EXPECTED(ids));
    await expect(
      db.$client.query("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('per', 'x', 'Per', 'OLA@example.no', 'BP-per')"),
    ).rejects.toMatchObject({ code: '23505', constraint: 'users_email_lower_uq' });
  });
});
