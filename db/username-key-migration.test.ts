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
import { usernameKey } from './username-key';
import { adminQuery } from '../src/server/testing/pg-cluster';
import { describeOnEachStore } from '../src/server/testing/stores';

// The username key's migration (SQLite 0020, PostgreSQL 0006, filled at the start right after): usernames are compared
// as NFKC with case folded. A database where look-alike names were registered keeps every account: the oldest keeps
// its name, each later look-alike gets its own name tagged with its id, and then a look-alike is refused.

const USERNAME_KEY = { sqlite: '0020_username_key', pg: '0006_username_key' };

const scratch: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of scratch.splice(0).reverse()) await clean();
});

/** The migrations before `tag`, in a folder of their own (as a database of that time was migrated). */
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

// In order of creation (ids 1, 2, …). Full-width letters, a compatibility form ('ﬁ' is 'fi' in NFKC), 'ß' against 'SS'
// (a plain lower() meets neither), and an account already named as the tag the second one would get.
const ACCOUNTS = ['kari.nordmann', 'ｋａｒｉ.nordmann', 'kari.nordmann-duplikat-2', 'ola', 'ﬁnn', 'FINN', 'straße', 'STRASSE'] as const;

const EXPECTED = [
  'kari.nordmann',
  // Its tag 'ｋａｒｉ.nordmann-duplikat-2' would look like the third account's name: tagged once more.
  'ｋａｒｉ.nordmann-duplikat-2-2',
  'kari.nordmann-duplikat-2',
  'ola',
  'ﬁnn',
  'FINN-duplikat-6',
  'straße',
  'STRASSE-duplikat-8',
];

/** 'ＯＬＡ' with its key, as the store writes it: refused beside 'ola'. */
const LOOK_ALIKE = "INSERT INTO users (username, username_key, password_hash, name, email, unique_id) VALUES ('ＯＬＡ', 'ola', 'x', 'Navn', 'ny@example.no', 'BP-NY')";

describeOnEachStore('the username key migration', (dialect) => {
  it('keeps every account, the oldest with the name, every key set, and then refuses a look-alike', async () => {
    const insertSql = (n: number) => `INSERT INTO users (username, password_hash, name, email, unique_id) VALUES (${n === 1 ? '?' : '$1'}, 'x', 'Navn', ${n === 1 ? '?' : '$2'}, ${n === 1 ? '?' : '$3'})`;
    let rows: { id: number; username: string; username_key: string | null }[];
    let insertLookAlike: () => Promise<unknown>;
    const ids: Record<string, number> = {};

    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-db-'));
      scratch.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'old.db');
      const sqlite = new Database(file);
      migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrationsFolder, USERNAME_KEY.sqlite) });
      const insert = sqlite.prepare(insertSql(1));
      ACCOUNTS.forEach((u, i) => (ids[u] = Number(insert.run(u, `konto${i}@example.no`, `BP-K${i}`).lastInsertRowid)));
      sqlite.close();

      const db = openDatabase(file);
      scratch.push(() => closeDatabase(db));
      rows = db.$client.prepare('SELECT id, username, username_key FROM users ORDER BY id').all() as typeof rows;
      insertLookAlike = async () => db.$client.prepare(LOOK_ALIKE).run();
    } else {
      const admin = process.env.BP_TEST_PG_ADMIN_URL!;
      const name = `bp_username_key_${process.pid}`;
      await adminQuery(admin, `CREATE DATABASE ${name}`);
      scratch.push(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = admin.replace(/\/postgres$/, `/${name}`);
      const old = new pg.Pool({ connectionString: url, max: 1 });
      await migratePg(drizzlePg(old), { migrationsFolder: migrationsBefore(pgMigrationsFolder, USERNAME_KEY.pg) });
      for (const [i, u] of ACCOUNTS.entries()) {
        ids[u] = (await old.query(`${insertSql(2)} RETURNING id`, [u, `konto${i}@example.no`, `BP-K${i}`])).rows[0].id;
      }
      await old.end();

      const db = await openPgDatabase(url);
      scratch.push(() => closePgDatabase(db));
      rows = (await db.$client.query('SELECT id, username, username_key FROM users ORDER BY id')).rows;
      insertLookAlike = () => db.$client.query(LOOK_ALIKE);
    }

    expect(ACCOUNTS.map((u) => ids[u])).toEqual(ACCOUNTS.map((_, i) => i + 1));
    expect(rows.map((r) => r.username)).toEqual(EXPECTED);
    expect(rows.map((r) => r.id)).toEqual(ACCOUNTS.map((u) => ids[u]));
    for (const r of rows) expect(r.username_key).toBe(usernameKey(r.username));
    expect(new Set(rows.map((r) => r.username_key)).size).toBe(rows.length);
    await expect(insertLookAlike()).rejects.toThrow(/users_username_key_uq|UNIQUE constraint failed: users.username_key/);
  });
});
