import { and, asc, eq, isNull, type Column, type SQL } from 'drizzle-orm';
import * as pg from '../../../db/pg/schema';
import * as lite from '../../../db/schema';
import { listings, users, type NewListing } from '../../../db/schema';
import { usernameKey } from '../../../db/username-key';
import type { Store } from '../store';
import { insertListingImage, listingValues } from './listing-factory';

// Rows for repository contract tests, written straight into either store (the users' and listings' own services are
// not what these tests are about). Realistic Norwegian values; each call makes a new, unique row.

let seq = 0;

/** A user row; answers its id. */
export async function insertUserRow(store: Store, overrides: { name?: string; displayName?: string | null; username?: string } = {}): Promise<number> {
  seq += 1;
  const values = {
    username: overrides.username ?? `bruker${seq}_${process.pid}`,
    usernameKey: '',
    passwordHash: 'x',
    name: overrides.name ?? 'Kari Nordmann',
    displayName: overrides.displayName ?? null,
    email: `kari${seq}@example.no`,
    uniqueId: `BP-U${seq}${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`,
  };
  values.usernameKey = usernameKey(values.username);
  if (store.dialect === 'sqlite') return store.db.insert(users).values(values).returning({ id: users.id }).get().id;
  const [row] = await store.db.insert(pg.users).values(values).returning({ id: pg.users.id });
  return row.id;
}

/** A listing row (testing/listing-factory.ts listingValues: approved and active unless overridden); answers its id. */
export async function insertListingRow(store: Store, userId: number, overrides: Partial<NewListing> = {}): Promise<number> {
  const values = listingValues(userId, overrides);
  if (store.dialect === 'sqlite') return store.db.insert(listings).values(values).returning({ id: listings.id }).get().id;
  const [row] = await store.db
    .insert(pg.listings)
    .values(values as typeof pg.listings.$inferInsert)
    .returning({ id: pg.listings.id });
  return row.id;
}

/** Changes a listing row (hide it, deactivate it). */
export async function updateListingRow(store: Store, id: number, set: Partial<Pick<NewListing, 'status' | 'active' | 'coverImage'>>): Promise<void> {
  if (store.dialect === 'sqlite') store.db.update(listings).set(set).where(eq(listings.id, id)).run();
  else await store.db.update(pg.listings).set(set).where(eq(pg.listings.id, id));
}

/** A photo row of a listing at `position`; answers its thumbnail URL. */
export async function insertPhotoRow(store: Store, listingId: number, position: number): Promise<{ url: string; thumbUrl: string }> {
  return insertListingImage(store, listingId, position);
}

/** Deletes a user row (what deleting an account does to the rows that point at it). */
export async function deleteUserRow(store: Store, id: number): Promise<void> {
  if (store.dialect === 'sqlite') store.db.delete(users).where(eq(users.id, id)).run();
  else await store.db.delete(pg.users).where(eq(pg.users.id, id));
}

// Plain row access by table for tests that check or set what is stored, on either store: the same table names as both
// schemas export, the same property names, rows of the same shape (db/pg/schema-shape.test.ts).

type Tables = {
  users: typeof lite.users;
  sessions: typeof lite.sessions;
  listings: typeof lite.listings;
  listingImages: typeof lite.listingImages;
  listingRevisions: typeof lite.listingRevisions;
  savedListings: typeof lite.savedListings;
  inquiries: typeof lite.inquiries;
  chats: typeof lite.chats;
  messages: typeof lite.messages;
  notifications: typeof lite.notifications;
  inboxMessages: typeof lite.inboxMessages;
  auditLog: typeof lite.auditLog;
};
export type TableName = keyof Tables;
type RowOf<T extends TableName> = Tables[T]['$inferSelect'];
type Where<T extends TableName> = Partial<RowOf<T>>;

function conditionOf(table: Record<string, unknown>, where: Record<string, unknown>): SQL | undefined {
  const parts = Object.entries(where).map(([key, value]) => {
    const column = table[key] as Column;
    return value === null ? isNull(column) : eq(column, value);
  });
  return parts.length ? and(...parts) : undefined;
}

function tableOf(store: Store, name: TableName) {
  return (store.dialect === 'sqlite' ? lite[name] : pg[name]) as unknown as Record<string, unknown> & Tables[TableName];
}

/** The rows of `table` matching every `where` property (all rows without one), in id order where the table has ids. */
export async function findRows<T extends TableName>(store: Store, name: T, where: Where<T> = {}): Promise<RowOf<T>[]> {
  const table = tableOf(store, name);
  const cond = conditionOf(table, where);
  const order = 'id' in table ? [asc(table.id as Column)] : [];
  if (store.dialect === 'sqlite') return store.db.select().from(table as typeof lite.users).where(cond).orderBy(...order).all() as RowOf<T>[];
  return (await store.db.select().from(table as unknown as typeof pg.users).where(cond).orderBy(...order)) as RowOf<T>[];
}

/** The one row matching `where`, or undefined. */
export async function findRow<T extends TableName>(store: Store, name: T, where: Where<T>): Promise<RowOf<T> | undefined> {
  return (await findRows(store, name, where))[0];
}

/** How many rows of `table` match `where`. */
export async function countRows<T extends TableName>(store: Store, name: T, where: Where<T> = {}): Promise<number> {
  return (await findRows(store, name, where)).length;
}

/** Inserts a row and answers it as stored. */
export async function insertRow<T extends TableName>(store: Store, name: T, values: Tables[T]['$inferInsert']): Promise<RowOf<T>> {
  const table = tableOf(store, name);
  if (store.dialect === 'sqlite') return store.db.insert(table as typeof lite.users).values(values as never).returning().get() as RowOf<T>;
  return ((await store.db.insert(table as unknown as typeof pg.users).values(values as never).returning()) as RowOf<T>[])[0]!;
}

/** Sets `set` on the rows matching `where`. */
export async function updateRows<T extends TableName>(store: Store, name: T, set: Partial<Tables[T]['$inferInsert']>, where: Where<T>): Promise<void> {
  const table = tableOf(store, name);
  if (store.dialect === 'sqlite') store.db.update(table as typeof lite.users).set(set as never).where(conditionOf(table, where)).run();
  else await store.db.update(table as unknown as typeof pg.users).set(set as never).where(conditionOf(table, where));
}

/** Deletes the rows matching `where`. */
export async function deleteRows<T extends TableName>(store: Store, name: T, where: Where<T>): Promise<void> {
  const table = tableOf(store, name);
  if (store.dialect === 'sqlite') store.db.delete(table as typeof lite.users).where(conditionOf(table, where)).run();
  else await store.db.delete(table as unknown as typeof pg.users).where(conditionOf(table, where));
}
