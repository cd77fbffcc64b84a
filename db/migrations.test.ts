import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { eq, getTableColumns } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, migrationsFolder, openDatabase, type Db } from './client';
import * as schema from './schema';
import { ListingSearch } from '../src/server/services/search/listing-search';
import { createSqliteStore } from '../src/server/store';
import { searchInput } from '../src/shared/schemas/search';
import { listingValues } from '../src/server/testing/listing-factory';

// Migrations keep the data they find (docs/operations.md). 0005 rebuilds `chats` (SQLite's procedure for changing a
// table's references); messages reference chats with ON DELETE CASCADE, so dropping the old table with foreign keys on
// would delete every message. openDatabase runs the migrations with foreign keys off (db/client.ts): this is its test,
// on a database as it stood at 0004 with conversations in it.

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding the migrations up to and including `lastTag`, as the repository had them then. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-migrations-'));
  scratch.push(dir);
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === lastTag) + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

interface Fixture {
  file: string;
  users: { buyer: number; seller: number; other: number };
  chats: { talked: number; quiet: number; gone: number };
}

/**
 * A database file at migration 0004, opened as the app opened it then (foreign keys on), with three chats: one with a
 * conversation, one without messages, one about a listing that was deleted since.
 */
function databaseAt0004(): Fixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-db-'));
  scratch.push(dir);
  const file = path.join(dir, 'old.db');
  const sqlite = new Database(file);
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo('0004_search_id_order') });
  expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'chats'").get()).toBeTruthy();
  expect(sqlite.prepare("SELECT 1 FROM pragma_table_info('chats') WHERE name = 'last_message_id'").get()).toBeUndefined();

  const user = (username: string) =>
    Number(
      sqlite
        .prepare("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES (?, 'x', ?, ?, ?)")
        .run(username, `Navn ${username}`, `${username}@example.no`, `BP-${username.toUpperCase()}`).lastInsertRowid,
    );
  const users = { buyer: user('kjoper'), seller: user('selger'), other: user('annen') };
  // The columns listings had at 0004 (today's schema has more): written by hand, as a database of that time holds them.
  const listing = (userId: number) => {
    const v = listingValues(userId);
    return Number(
      sqlite
        .prepare(
          `INSERT INTO listings (user_id, unique_code, make, model, year, registration_number, body_type, color, fuel_type, transmission,
             drivetrain, mileage, description, address, place, status, active, price, registration_fee, total_price)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
        )
        .run(userId, v.uniqueCode, v.make, v.model, v.year, v.registrationNumber, v.bodyType, v.color, v.fuelType, v.transmission,
          v.drivetrain, v.mileage, v.description, v.address, v.place, v.status, v.price, v.registrationFee, v.totalPrice).lastInsertRowid,
    );
  };
  const [volvo, tesla, sold] = [listing(users.seller), listing(users.seller), listing(users.seller)];

  const chat = (listingId: number, buyerId: number, lastAt: number | null) =>
    Number(
      sqlite
        .prepare('INSERT INTO chats (listing_id, buyer_id, seller_id, buyer_marked, last_message_at) VALUES (?, ?, ?, ?, ?)')
        .run(listingId, buyerId, users.seller, 1, lastAt).lastInsertRowid,
    );
  const t0 = Date.UTC(2026, 0, 10, 12);
  const chats = { talked: chat(volvo, users.buyer, t0 + 3000), quiet: chat(tesla, users.other, null), gone: chat(sold, users.buyer, t0 + 5000) };
  const message = (chatId: number, senderId: number, content: string, at: number) =>
    sqlite.prepare('INSERT INTO messages (chat_id, sender_id, content, created_at) VALUES (?, ?, ?, ?)').run(chatId, senderId, content, at);
  message(chats.talked, users.buyer, 'Hei! Er bilen ledig?', t0);
  message(chats.gone, users.buyer, 'Hva er prisen?', t0 + 500);
  message(chats.talked, users.seller, 'Ja, den er ledig.', t0 + 1000);
  message(chats.talked, users.buyer, 'Kan jeg se den i morgen?', t0 + 3000);
  message(chats.gone, users.seller, 'Den er solgt.', t0 + 5000);
  sqlite.prepare('DELETE FROM listings WHERE id = ?').run(sold);
  sqlite.close();
  return { file, users, chats };
}

const rowsOf = (sqlite: Database.Database) => ({
  chats: sqlite.prepare('SELECT id, listing_id, buyer_id, seller_id, buyer_marked, seller_marked, last_message_at, created_at FROM chats ORDER BY id').all(),
  messages: sqlite.prepare('SELECT * FROM messages ORDER BY id').all(),
});

describe('migrating a database with chats from 0004 to the latest', () => {
  let db: Db | undefined;
  afterEach(() => {
    if (db) closeDatabase(db);
    db = undefined;
  });

  it('keeps every chat and every message, and fills each chat’s last message id', () => {
    const f = databaseAt0004();
    const old = new Database(f.file, { readonly: true });
    const before = rowsOf(old);
    old.close();
    expect(before.chats).toHaveLength(3);
    expect(before.messages).toHaveLength(5);

    db = openDatabase(f.file);
    const applied = db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    expect(applied.n).toBe(journal.entries.length);
    expect(rowsOf(db.$client)).toEqual(before);

    const lastIds = Object.fromEntries(db.select({ id: schema.chats.id, last: schema.chats.lastMessageId }).from(schema.chats).all().map((c) => [c.id, c.last]));
    const maxId = (chatId: number) => Math.max(...db!.select().from(schema.messages).where(eq(schema.messages.chatId, chatId)).all().map((m) => m.id));
    expect(lastIds).toEqual({ [f.chats.talked]: maxId(f.chats.talked), [f.chats.quiet]: 0, [f.chats.gone]: maxId(f.chats.gone) });
    // Nothing the new columns mean was made up: no one has read, hidden or marked anything they had not.
    expect(db.select().from(schema.chats).where(eq(schema.chats.id, f.chats.talked)).get()).toMatchObject({
      buyerMarked: true,
      sellerMarked: false,
      buyerHiddenId: null,
      sellerHiddenId: null,
    });
    expect(db.$client.pragma('foreign_key_check')).toEqual([]);
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('leaves chats that outlive a participant: deleting a user afterwards keeps the other’s conversation', () => {
    const f = databaseAt0004();
    db = openDatabase(f.file);
    db.delete(schema.users).where(eq(schema.users.id, f.users.seller)).run();
    const chats = db.select().from(schema.chats).orderBy(schema.chats.id).all();
    expect(chats.map((c) => [c.id, c.sellerId, c.buyerId])).toEqual([
      [f.chats.talked, null, f.users.buyer],
      [f.chats.quiet, null, f.users.other],
      [f.chats.gone, null, f.users.buyer],
    ]);
    expect(db.select().from(schema.messages).all()).toHaveLength(5);
  });

  it('would lose every message with foreign keys on: why openDatabase turns them off', () => {
    const f = databaseAt0004();
    const sqlite = new Database(f.file);
    sqlite.pragma('foreign_keys = ON');
    migrate(drizzle(sqlite, { schema }), { migrationsFolder });
    // The migration's own `PRAGMA foreign_keys=OFF` is ignored inside the migrator's transaction.
    expect(sqlite.prepare('SELECT count(*) AS n FROM chats').get()).toEqual({ n: 3 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 0 });
    sqlite.close();
  });

  it('applies to an empty database as before (a fresh install)', () => {
    db = openDatabase(':memory:');
    expect(db.select().from(schema.chats).all()).toEqual([]);
    expect(db.$client.prepare("SELECT 1 FROM pragma_table_info('chats') WHERE name = 'last_message_id'").get()).toBeTruthy();
  });
});

describe('migrating the search from its SQL plans to the column index (0016)', () => {
  const shape = (sqlite: Database.Database) =>
    sqlite.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as { type: string; name: string }[];

  it('leaves a database with listings in the schema of a fresh one: no planner indexes, no text index, the counts kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-db-'));
    scratch.push(dir);
    const file = path.join(dir, 'old.db');
    const sqlite = new Database(file);
    const old = drizzle(sqlite, { schema });
    migrate(old, { migrationsFolder: migrationsUpTo('0015_staged_photo_bytes') });
    expect(shape(sqlite).map((o) => o.name)).toEqual(expect.arrayContaining(['listings_fts', 'listings_search_price_idx', 'listings_search_created_au']));
    const seller = Number(
      sqlite.prepare("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('selger', 'x', 'Selger', 'selger@example.no', 'BP-S')").run().lastInsertRowid,
    );
    // Written column by column: today's schema has columns (sold_at, 0018) the database of 0015 does not.
    const columns = getTableColumns(schema.listings);
    for (const values of [
      listingValues(seller, { make: 'Volvo', model: 'V60', description: 'Romslig og godt utstyrt' }),
      listingValues(seller, { make: 'Tesla', model: 'Model 3', description: 'Pent brukt elbil' }),
      listingValues(seller, { make: 'Skoda', model: 'Octavia', status: 'pending' }),
    ]) {
      const entries = Object.entries(values).filter(([, v]) => v !== undefined);
      const names = entries.map(([k]) => `"${columns[k as keyof typeof columns].name}"`);
      const row = entries.map(([k, v]) => columns[k as keyof typeof columns].mapToDriverValue(v));
      sqlite.prepare(`INSERT INTO listings (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...row);
    }
    const versionBefore = sqlite.prepare('SELECT version FROM listings_search_state').pluck().get() as number;
    sqlite.close();

    const db = openDatabase(file);
    const fresh = openDatabase(':memory:');
    try {
      expect(shape(db.$client)).toEqual(shape(fresh.$client));
      const names = shape(db.$client).map((o) => o.name);
      expect(names.filter((n) => n.startsWith('listings_search_') && n.endsWith('_idx'))).toEqual([]);
      expect(names.filter((n) => n.startsWith('listings_fts'))).toEqual([]);
      // Later migrations' backfills may bump the version (that only empties caches); the visible count is kept.
      const [state] = db.$client.prepare('SELECT * FROM listings_search_state').all() as { id: number; version: number; visible: number }[];
      expect(state).toMatchObject({ id: 1, visible: 2 });
      expect(state!.version).toBeGreaterThanOrEqual(versionBefore);

      // The triggers still keep the state and the change log, and the search reads the listings that were there.
      const search = new ListingSearch(createSqliteStore(db, false));
      expect((await search.search(searchInput.parse({ query: 'romslig' }))).items.map((l) => l.model)).toEqual(['V60']);
      db.update(schema.listings).set({ status: 'approved' }).where(eq(schema.listings.make, 'Skoda')).run();
      expect(db.$client.prepare('SELECT visible FROM listings_search_state').pluck().get()).toBe(3);
      expect((await search.search(searchInput.parse({ make: 'skoda' }))).total).toBe(1);
      db.delete(schema.listings).where(eq(schema.listings.make, 'Volvo')).run();
      expect((await search.search(searchInput.parse({}))).items.map((l) => l.make).sort()).toEqual(['Skoda', 'Tesla']);
    } finally {
      closeDatabase(db);
      closeDatabase(fresh);
    }
  });
});
