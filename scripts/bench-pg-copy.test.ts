import { eq } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pgSchema from '../db/pg/schema';
import * as lite from '../db/schema';
import { copySqliteToPg } from '../bench/pg-copy';
import type { PgStore, SqliteStore } from '../src/server/store';
import { insertListing, insertListingImage } from '../src/server/testing/listing-factory';
import { createTestStore } from '../src/server/testing/stores';

// bench/pg-copy.ts: `npm run bench -- --store pg` measures PostgreSQL on the rows of the seeded SQLite file, so the
// copy must hold every row as the app reads it, and leave the database working as a migrated one does.
// (Here and not beside the loader: vitest.config.ts includes no tests under bench/.)

let sqlite: SqliteStore;
let pg: PgStore;
let copied: Record<string, number>;
const t0 = new Date('2026-03-01T12:00:00.123Z');

beforeAll(async () => {
  sqlite = (await createTestStore('sqlite')) as SqliteStore;
  pg = (await createTestStore('pg')) as PgStore;
  const db = sqlite.db;
  const user = (username: string, isAdmin = false) =>
    db
      .insert(lite.users)
      .values({ username, passwordHash: 'x', name: 'Kari Nordmann', email: `${username}@example.no`, uniqueId: `BP-${username}`, isAdmin, createdAt: t0, updatedAt: t0 })
      .returning()
      .get();
  const seller = user('selger', true);
  const buyer = user('kjoper');
  // A deleted user leaves a gap: the next id must come after the largest, not after the count.
  db.delete(lite.users).where(eq(lite.users.id, user('borte').id)).run();
  const last = user('sist');
  db.insert(lite.sessions).values({ id: 'token', userId: buyer.id, expiresAt: t0 }).run();
  const visible = await insertListing(db, seller.id, { equipment: ['Hengerfeste', 'Varmepumpe'], hideAddress: true, createdAt: t0, updatedAt: t0 });
  await insertListing(db, seller.id, { status: 'pending' });
  await insertListing(db, seller.id, { active: false });
  await insertListing(db, last.id, { make: 'Tesla', model: 'Model Y' });
  await insertListingImage(db, visible.id, 0, { mediumUrl: '/uploads/m.webp', storedBytes: 1234 });
  await insertListingImage(db, visible.id, 1);
  db.insert(lite.listingRevisions).values({ listingId: visible.id, fields: { make: 'Volvo', description: 'Ny beskrivelse' }, submittedAt: t0 }).run();
  db.insert(lite.savedListings).values({ userId: buyer.id, listingId: visible.id }).run();
  db.insert(lite.inquiries).values({ listingId: visible.id, senderId: buyer.id, name: 'Ola', email: 'ola@example.no', message: 'Hei' }).run();
  const chat = db.insert(lite.chats).values({ listingId: visible.id, buyerId: buyer.id, sellerId: seller.id, buyerMarked: true, lastMessageAt: t0 }).returning().get();
  db.insert(lite.messages).values({ chatId: chat.id, senderId: buyer.id, content: 'Er bilen til salgs?' }).run();
  db.insert(lite.notifications).values({ userId: seller.id, title: 'Ny melding', message: 'Hei', data: { chatId: chat.id, nested: { a: [1, 2] } }, read: true }).run();
  db.insert(lite.inboxMessages).values({ kind: 'feedback', message: 'Fin side', phone: null }).run();
  db.insert(lite.passwordResetTokens).values({ id: 'hashed-token', userId: buyer.id, expiresAt: t0, createdAt: t0 }).run();
  const search = db
    .insert(lite.savedSearches)
    .values({ userId: buyer.id, name: 'Volvo', params: { make: 'Volvo', priceTo: 300_000 } as lite.SavedSearch['params'], email: true, unsubscribeToken: 'meld-av', createdAt: t0 })
    .returning()
    .get();
  db.insert(lite.savedSearchAlerts).values({ savedSearchId: search.id, listingId: visible.id, createdAt: t0 }).run();
  db.insert(lite.auditLog).values({ actorId: seller.id, actorName: 'selger', action: 'listing.approve', targetType: 'listing', targetId: visible.id, targetLabel: 'VW Golf', details: { from: 'pending' } }).run();
  db.insert(lite.mailQueue).values({ recipient: 'ola@example.no', subject: 'Hei', text: 'Hei', html: '<p>Hei</p>', messageId: '<1@bilpartner.no>', nextAttemptAt: t0, createdAt: t0 }).run();
  db.insert(lite.listingPrices).values({ listingId: visible.id, totalPrice: 250_000, at: t0 }).run();
  db.insert(lite.listingRegistryFacts).values({ listingId: visible.id, registrationNumber: 'EK12345', make: 'Volkswagen', year: 2018, power: 110, nextInspection: '01.06.2027', checkedAt: t0 }).run();
  db.insert(lite.listingReports).values({ listingId: visible.id, reporterId: buyer.id, reason: 'svindel', comment: 'Ber om forskudd', createdAt: t0 }).run();
  copied = await copySqliteToPg(sqlite.db, pg.db);
});

afterAll(async () => {
  await sqlite?.close();
  await pg?.close();
});

const tables = Object.entries(lite).filter(([, t]) => t instanceof SQLiteTable) as [keyof typeof pgSchema, SQLiteTable][];
/** Rows in one order on both stores: every table has an id, a listing id or a user id. */
const byKey = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => String([a.id, a.listingId, a.userId]).localeCompare(String([b.id, b.listingId, b.userId])));

describe('copySqliteToPg', () => {
  it.each(tables)('copies every row of %s as the app reads it on SQLite', async (name, table) => {
    const expected = sqlite.db.select().from(table).all() as Record<string, unknown>[];
    const actual = (await pg.db.select().from(pgSchema[name] as PgTable)) as Record<string, unknown>[];
    expect(expected.length, name).toBeGreaterThan(0);
    expect(copied[name]).toBe(expected.length);
    expect(byKey(actual)).toEqual(byKey(expected));
  });

  it('keeps times to the millisecond, flags as booleans and JSON as values', async () => {
    const [l] = await pg.db.select().from(pgSchema.listings).where(eq(pgSchema.listings.hideAddress, true));
    expect(l.createdAt).toEqual(t0);
    expect(l.equipment).toEqual(['Hengerfeste', 'Varmepumpe']);
    const [n] = await pg.db.select().from(pgSchema.notifications);
    expect(n.read).toBe(true);
    expect(n.data).toEqual({ chatId: expect.any(Number), nested: { a: [1, 2] } });
  });

  it('starts the search state at SQLite version, the visible count and an empty log', async () => {
    const version = Number(sqlite.db.$client.prepare('SELECT version FROM listings_search_state WHERE id = 1').pluck().get());
    expect(version).toBeGreaterThan(0);
    const { rows } = await pg.db.$client.query('SELECT version, visible FROM listings_search_state WHERE id = 1');
    expect(rows).toEqual([{ version, visible: 2 }]);
    expect((await pg.db.$client.query('SELECT * FROM listings_search_changes')).rows).toEqual([]);
  });

  it('leaves new rows their next ids and the triggers on', async () => {
    const maxUser = Math.max(...sqlite.db.select({ id: lite.users.id }).from(lite.users).all().map((u) => u.id));
    const [u] = await pg.db.insert(pgSchema.users).values({ username: 'ny', passwordHash: 'x', name: 'Ny', email: 'ny@example.no', uniqueId: 'BP-NY' }).returning();
    expect(u.id).toBe(maxUser + 1);
    const { rows: before } = await pg.db.$client.query<{ version: number; visible: number }>('SELECT version, visible FROM listings_search_state');
    const [l] = await pg.db
      .insert(pgSchema.listings)
      .values({ userId: u.id, uniqueCode: 'BP-NY1', make: 'Volvo', model: 'V60', year: 2020, registrationNumber: 'AB12345', price: 1, totalPrice: 1, status: 'approved' })
      .returning();
    const maxListing = Math.max(...sqlite.db.select({ id: lite.listings.id }).from(lite.listings).all().map((x) => x.id));
    expect(l.id).toBe(maxListing + 1);
    const { rows: after } = await pg.db.$client.query('SELECT version, visible FROM listings_search_state');
    expect(after).toEqual([{ version: before[0].version + 1, visible: before[0].visible + 1 }]);
    expect((await pg.db.$client.query('SELECT seq, listing_id FROM listings_search_changes')).rows).toEqual([{ seq: before[0].version + 1, listing_id: l.id }]);
    // Foreign keys are enforced again: a message to a chat that does not exist is refused.
    await expect(pg.db.insert(pgSchema.messages).values({ chatId: 999_999, content: 'x' })).rejects.toThrow();
  });
});
