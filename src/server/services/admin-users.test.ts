import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { auditLog, listingImages, listings, notifications, savedListings, sessions, users } from '../../../db/schema';
import { createDiskStorage, thumbKeyOf, type ImageStorage } from '../integrations/image-storage';
import { createTestDb, createUser, sessionCookie, storeOf } from '../testing/harness';
import { insertListing, insertListingImage } from '../testing/listing-factory';
import { adminDeleteUser, adminUpdateUser } from './admin-users';

// Deleting a user is one transaction (docs/product/admin.md#deleting-a-user): when any part fails, nothing is deleted,
// not even a photo file; when it succeeds, everything of theirs is gone and the rest is untouched.

let db: Db;
let dir: string;
let storage: ImageStorage;
const actor = { id: 0, name: 'Ada Admin' };

beforeEach(async () => {
  db = createTestDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-admin-users-'));
  storage = createDiskStorage(dir);
  actor.id = (await createUser(db, { name: 'Ada Admin', isAdmin: true })).user.id;
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A user with a session, two listings with photo files, a saved entry and a notification. */
async function fullUser() {
  const { user } = await createUser(db, { name: 'Selger Sandvik' });
  await sessionCookie(db, user.id);
  const other = (await createUser(db, { name: 'Nabo Nilsen' })).user;
  const theirs = insertListing(db, other.id);
  const mine = [insertListing(db, user.id), insertListing(db, user.id, { status: 'pending' })];
  const images = mine.map((l) => insertListingImage(db, l.id));
  for (const img of images) {
    await storage.put(img.storageKey, Buffer.from('large'), 'image/webp');
    await storage.put(thumbKeyOf(img.storageKey), Buffer.from('thumb'), 'image/webp');
  }
  db.insert(savedListings).values({ userId: user.id, listingId: theirs.id }).run();
  db.insert(notifications).values({ userId: user.id, title: 'Hei', message: 'Velkommen' }).run();
  const files = images.flatMap((i) => [i.storageKey, thumbKeyOf(i.storageKey)]).map((k) => path.join(dir, k));
  return { user, other, theirs, mine, files };
}

/** How many rows of each kind the user has. */
const owned = (userId: number) => ({
  sessions: db.select().from(sessions).where(eq(sessions.userId, userId)).all().length,
  listings: db.select().from(listings).where(eq(listings.userId, userId)).all().length,
  saved: db.select().from(savedListings).where(eq(savedListings.userId, userId)).all().length,
  notifications: db.select().from(notifications).where(eq(notifications.userId, userId)).all().length,
});

describe('adminDeleteUser', () => {
  it('deletes everything of the user and nothing else', async () => {
    const { user, other, theirs, files } = await fullUser();
    const result = await adminDeleteUser({ store: storeOf(db), storage }, actor, user.id);
    expect(result).toEqual({ success: true, deletedListings: 2 });
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    expect(owned(user.id)).toEqual({ sessions: 0, listings: 0, saved: 0, notifications: 0 });
    for (const f of files) expect(fs.existsSync(f)).toBe(false);
    expect(db.select().from(users).where(eq(users.id, other.id)).get()).toBeDefined();
    expect(db.select().from(listings).where(eq(listings.id, theirs.id)).get()).toBeDefined();
    expect(db.select().from(auditLog).all().map((e) => e.action).sort()).toEqual(['listing.delete', 'listing.delete', 'user.delete']);
  });

  it('changes nothing, files included, when a part of the transaction fails', async () => {
    const { user, files } = await fullUser();
    // The audit entry is written last inside the transaction: make it fail.
    db.$client.exec("CREATE TEMP TRIGGER fail_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END");
    await expect(adminDeleteUser({ store: storeOf(db), storage }, actor, user.id)).rejects.toThrow(/audit log unavailable/);
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect(owned(user.id)).toEqual({ sessions: 1, listings: 2, saved: 1, notifications: 1 });
    expect(db.select().from(listingImages).all()).toHaveLength(2);
    for (const f of files) expect(fs.existsSync(f), f).toBe(true);
  });

  it('refuses an admin and an unknown id', async () => {
    await expect(adminDeleteUser({ store: storeOf(db), storage }, actor, actor.id)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Administratorer kan ikke slettes.' });
    await expect(adminDeleteUser({ store: storeOf(db), storage }, actor, 424242)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Fant ikke brukeren.' });
    expect(db.select().from(auditLog).all()).toEqual([]);
  });
});

describe('adminUpdateUser', () => {
  it('keeps the display name when none is sent, and sets it when one is', async () => {
    const { user } = await createUser(db, { name: 'Kari Nordmann' });
    const base = { id: user.id, name: 'Kari Nordmann', email: user.email, phone: '', address: '' };
    expect((await adminUpdateUser(storeOf(db), actor, base)).displayName).toBe('Kari');
    expect((await adminUpdateUser(storeOf(db), actor, { ...base, displayName: 'KariN' })).displayName).toBe('KariN');
    const fields = db.select().from(auditLog).all().map((e) => e.details);
    expect(fields).toEqual([{ fields: ['phone', 'address'] }, { fields: ['displayName'] }]);
  });
});
