import { afterEach, describe, expect, it, vi } from 'vitest';
import * as lite from '../../../db/schema';
import * as pgSchema from '../../../db/pg/schema';
import type { User } from '../../../db/schema';
import { createSession, generateSessionToken, SESSION_TTL_MS, sessionIdFromToken, validateSessionToken } from '../auth/session';
import { AppError } from '../errors';
import { USER_NOT_FOUND_MESSAGE } from '../../shared/schemas/admin';
import type { ImageStorage } from '../integrations/image-storage';
import { adminDeleteUser, adminUpdateUser } from '../services/admin-users';
import { EMAIL_TAKEN_MESSAGE } from '../../shared/schemas/auth';
import { USERNAME_TAKEN, registerUser } from '../services/auth';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { isUniqueViolation } from './errors';
import type { Store } from '.';
import type { AuditWrite } from './inbox';
import type { NewUserRow } from './users';

// The users repository's contract (store/users.ts) on a real migrated SQLite and a real PostgreSQL: what a user or an
// admin would notice, and that registration stays race-free by the unique index.

type Table = 'listings' | 'listingImages' | 'notifications' | 'savedListings';

/** A row written straight into the dialect's table (the other aggregates' repositories are not this test's subject). */
async function insertRow(store: Store, table: Table, values: Record<string, unknown>): Promise<{ id: number }> {
  if (store.dialect === 'sqlite') return store.db.insert(lite[table]).values(values as never).returning().get() as { id: number };
  const [row] = await store.db.insert(pgSchema[table]).values(values as never).returning();
  return row as { id: number };
}

async function rowsOf(store: Store, table: Table | 'auditLog' | 'users' | 'sessions'): Promise<Record<string, unknown>[]> {
  if (store.dialect === 'sqlite') return store.db.select().from(lite[table]).all() as Record<string, unknown>[];
  return (await store.db.select().from(pgSchema[table])) as Record<string, unknown>[];
}

let counter = 0;
function newUser(overrides: Partial<NewUserRow> = {}): NewUserRow {
  counter += 1;
  return {
    username: `kari${counter}`,
    passwordHash: 'hash',
    name: 'Kari Nordmann',
    displayName: 'Kari',
    email: `kari${counter}@example.no`,
    phone: '91234567',
    address: 'Storgata 1, 0155 OSLO',
    uniqueId: `BP-T${String(counter).padStart(5, '0')}`,
    isAdmin: false,
    ...overrides,
  };
}

function listing(userId: number, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    userId,
    uniqueCode: `BP-L${String(counter).padStart(5, '0')}`,
    make: 'Volvo',
    model: 'V90',
    year: 2019,
    registrationNumber: `EK${String(10000 + counter)}`,
    price: 350_000,
    totalPrice: 350_000,
    status: 'approved',
    ...overrides,
  };
}

function photo(overrides: Record<string, unknown>) {
  counter += 1;
  const key = `photos/${counter}.webp`;
  return { position: 0, storageKey: key, url: `/uploads/${key}`, thumbUrl: `/uploads/t-${key}`, ...overrides };
}

describeOnEachStore('users repository', (dialect) => {
  let store: Store;
  afterEach(async () => {
    vi.useRealTimers();
    await store?.close();
  });

  async function fresh() {
    store = await createTestStore(dialect);
    return store;
  }

  async function adminActor() {
    const a = await store.users.insert(newUser({ name: 'Anne Admin', isAdmin: true }));
    return { id: a.id, name: a.name };
  }

  describe('users', () => {
    it('inserts a user and finds them by id and by username in any case, trimmed', async () => {
      await fresh();
      const kari = await store.users.insert(newUser({ username: 'Kari.Nordmann' }));
      expect(kari).toMatchObject({ username: 'Kari.Nordmann', isAdmin: false, phone: '91234567' });
      expect(kari.createdAt).toBeInstanceOf(Date);
      expect((await store.users.findById(kari.id))?.username).toBe('Kari.Nordmann');
      expect((await store.users.findByUsername('  KARI.nordmann '))?.id).toBe(kari.id);
      expect(await store.users.findByUsername('ola')).toBeUndefined();
      expect(await store.users.findById(kari.id + 1000)).toBeUndefined();
    });

    it('refuses a username taken in another case or in look-alike letters and a taken uniqueId, each by its unique index', async () => {
      await fresh();
      await store.users.insert(newUser({ username: 'kari', uniqueId: 'BP-AAAAAA' }));
      const sameName = await store.users.insert(newUser({ username: 'KARI' })).catch((e: unknown) => e);
      // Either index may report it first; registerUser reads both as 'taken'.
      expect(isUniqueViolation(sameName, 'users_username_key_uq') || isUniqueViolation(sameName, 'users_username_lower_uq')).toBe(true);
      const lookAlike = await store.users.insert(newUser({ username: 'ｋａｒｉ' })).catch((e: unknown) => e);
      expect(isUniqueViolation(lookAlike, 'users_username_key_uq')).toBe(true);
      expect((await store.users.findByUsername('Ｋａｒｉ'))?.username).toBe('kari');
      const sameCode = await store.users.insert(newUser({ uniqueId: 'BP-AAAAAA' })).catch((e: unknown) => e);
      expect(isUniqueViolation(sameCode, 'users_unique_id_uq')).toBe(true);
      expect(isUniqueViolation(sameCode, 'users_username_lower_uq')).toBe(false);
      expect(await rowsOf(store, 'users')).toHaveLength(1);
    });

    it('lets exactly one of several simultaneous registrations of a name (in any case) win', async () => {
      await fresh();
      const input = { password: 'hemmelig123', name: 'Kari Nordmann', phone: '91234567' };
      const names = ['kari.nordmann', 'KARI.NORDMANN', 'Kari.Nordmann', 'kari.NORDMANN', ' kari.nordmann '];
      const results = await Promise.allSettled(names.map((username, i) => registerUser(store, { ...input, username, email: `kari${i}@example.no` })));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        const err = (r as PromiseRejectedResult).reason as AppError;
        expect(err).toBeInstanceOf(AppError);
        expect(err.code).toBe('CONFLICT');
        expect(err.message).toBe(USERNAME_TAKEN);
        expect(err.details).toEqual({ username: USERNAME_TAKEN });
      }
      expect(await rowsOf(store, 'users')).toHaveLength(1);
    });

    it('lets exactly one of several simultaneous registrations of an e-mail address (in any case) win', async () => {
      await fresh();
      const input = { password: 'hemmelig123', name: 'Kari Nordmann', phone: '91234567' };
      const emails = ['kari@example.no', 'KARI@example.no', 'Kari@Example.NO', ' kari@example.no '];
      const results = await Promise.allSettled(emails.map((email, i) => registerUser(store, { ...input, email, username: `kari${i}` })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        const err = (r as PromiseRejectedResult).reason as AppError;
        expect(err).toBeInstanceOf(AppError);
        expect(err.code).toBe('CONFLICT');
        expect(err.details).toEqual({ email: EMAIL_TAKEN_MESSAGE });
      }
      expect(await rowsOf(store, 'users')).toHaveLength(1);
      expect((await store.users.findByEmail('KARI@EXAMPLE.NO'))?.username).toMatch(/^kari\d$/);
    });

    it('updates the profile fields and answers undefined for a missing user', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      const fields = { name: 'Kari Hansen', displayName: 'KH', email: 'kh@example.no', phone: '41234567', address: '' };
      const updated = await store.users.updateProfile(kari.id, fields);
      expect(updated).toMatchObject({ ...fields, username: kari.username, uniqueId: kari.uniqueId, isAdmin: false });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(kari.updatedAt.getTime());
      expect(await store.users.findById(kari.id)).toMatchObject(fields);
      expect(await store.users.updateProfile(kari.id + 1000, fields)).toBeUndefined();
    });

    it('changes the password and revokes every session of that user, and only of that user', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      const ola = await store.users.insert(newUser());
      const kariTokens = [generateSessionToken(), generateSessionToken()];
      for (const t of kariTokens) await createSession(store, t, kari.id);
      const olaToken = generateSessionToken();
      await createSession(store, olaToken, ola.id);
      await store.users.setPasswordRevokingSessions(kari.id, 'new-hash');
      expect((await store.users.findById(kari.id))?.passwordHash).toBe('new-hash');
      for (const t of kariTokens) expect(await store.users.findSession(sessionIdFromToken(t))).toBeUndefined();
      expect((await store.users.findSession(sessionIdFromToken(olaToken)))?.user.id).toBe(ola.id);
      expect((await store.users.findById(ola.id))?.passwordHash).toBe('hash');
    });

    it('makes a user an admin, false for a missing one', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      expect(await store.users.makeAdmin(kari.id)).toBe(true);
      expect((await store.users.findById(kari.id))?.isAdmin).toBe(true);
      expect(await store.users.makeAdmin(kari.id + 1000)).toBe(false);
    });
  });

  describe('admin', () => {
    it('lists every user newest first with their listing counts', async () => {
      await fresh();
      const a = await store.users.insert(newUser());
      const b = await store.users.insert(newUser());
      const c = await store.users.insert(newUser());
      await insertRow(store, 'listings', listing(a.id));
      await insertRow(store, 'listings', listing(a.id, { status: 'pending' }));
      await insertRow(store, 'listings', listing(c.id));
      const rows = await store.users.listWithListingCounts();
      // Created in the same millisecond or not: the id breaks the tie, newest first.
      expect(rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
      expect(rows.map((r) => r.listingCount)).toEqual([1, 0, 2]);
    });

    it('edits a user with the audit entry in one transaction, decided on the row as it is', async () => {
      await fresh();
      const actor = await adminActor();
      const kari = await store.users.insert(newUser());
      await insertRow(store, 'listings', listing(kari.id));
      const seen: User[] = [];
      const audit: AuditWrite = { actor, action: 'user.update', target: { type: 'user', id: kari.id, label: 'kari (Kari H)' }, details: { fields: ['name'] } };
      const result = await store.users.editAudited(kari.id, (before) => {
        seen.push(before);
        return { fields: { name: 'Kari H' }, audit };
      });
      expect(seen[0]).toMatchObject({ id: kari.id, name: 'Kari Nordmann' });
      expect(result).toMatchObject({ user: { id: kari.id, name: 'Kari H', email: kari.email }, listingCount: 1 });
      expect(await rowsOf(store, 'auditLog')).toEqual([
        expect.objectContaining({ actorId: actor.id, actorName: 'Anne Admin', action: 'user.update', targetType: 'user', targetId: kari.id, targetLabel: 'kari (Kari H)', details: { fields: ['name'] } }),
      ]);
    });

    it('audits each change once when admins save the same edit at the same time', async () => {
      await fresh();
      const actor = await adminActor();
      const kari = await store.users.insert(newUser({ phone: '91234567' }));
      const input = { id: kari.id, name: 'Kari Hansen', email: kari.email, phone: '91234567', address: kari.address };
      // Each edit is decided on the row as its transaction reads it (locked on PostgreSQL): the first changes the name,
      // the others find nothing left to change.
      const rows = await Promise.all(Array.from({ length: 5 }, () => adminUpdateUser(store, actor, input)));
      expect(rows.map((r) => r.name)).toEqual(Array(5).fill('Kari Hansen'));
      expect((await rowsOf(store, 'auditLog')).map((a) => a.details)).toEqual([{ fields: ['name'] }]);
    });

    it('writes nothing when the edit changes nothing or refuses, and answers undefined for a missing user', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      expect(await store.users.editAudited(kari.id, () => null)).toMatchObject({ user: { id: kari.id, name: kari.name }, listingCount: 0 });
      await expect(
        store.users.editAudited(kari.id, () => {
          throw new AppError('FORBIDDEN', 'nei');
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await store.users.editAudited(kari.id + 1000, () => null)).toBeUndefined();
      expect(await rowsOf(store, 'auditLog')).toEqual([]);
      expect((await store.users.findById(kari.id))?.updatedAt.getTime()).toBe(kari.updatedAt.getTime());
    });

    it('deletes a user with their listings, photos, sessions, saved entries and notifications, audited, and answers the photo keys', async () => {
      await fresh();
      const actor = await adminActor();
      const kari = await store.users.insert(newUser());
      const ola = await store.users.insert(newUser());
      const mine = await insertRow(store, 'listings', listing(kari.id, { make: 'Tesla', model: 'Model 3', year: 2021 }));
      const olas = await insertRow(store, 'listings', listing(ola.id));
      const listingPhoto = photo({ listingId: mine.id, uploaderId: kari.id });
      const staged = photo({ uploaderId: kari.id });
      const olasPhoto = photo({ listingId: olas.id, uploaderId: ola.id });
      for (const p of [listingPhoto, staged, olasPhoto]) await insertRow(store, 'listingImages', p);
      await insertRow(store, 'savedListings', { userId: ola.id, listingId: mine.id });
      await insertRow(store, 'savedListings', { userId: kari.id, listingId: olas.id });
      await insertRow(store, 'notifications', { userId: kari.id, title: 'Hei', message: 'Godkjent' });
      await insertRow(store, 'notifications', { userId: ola.id, title: 'Hei', message: 'Godkjent' });
      const kariToken = generateSessionToken();
      await createSession(store, kariToken, kari.id);
      const olaToken = generateSessionToken();
      await createSession(store, olaToken, ola.id);

      const planned: { user: string; listings: number[] }[] = [];
      const result = await store.users.deleteWithListings(kari.id, (user, owned) => {
        planned.push({ user: user.username, listings: owned.map((l) => l.id) });
        expect(owned).toEqual([{ id: mine.id, uniqueCode: expect.any(String), make: 'Tesla', model: 'Model 3', year: 2021 }]);
        return [
          { actor, action: 'listing.delete', target: { type: 'listing', id: mine.id, label: 'Tesla' }, details: { withUser: true } },
          { actor, action: 'user.delete', target: { type: 'user', id: kari.id, label: user.username } },
        ];
      });
      expect(planned).toEqual([{ user: kari.username, listings: [mine.id] }]);
      expect(result?.deletedListings).toBe(1);
      expect(result?.files.map((f) => f.storageKey).sort()).toEqual([listingPhoto.storageKey, staged.storageKey].sort());

      expect(await store.users.findById(kari.id)).toBeUndefined();
      expect((await rowsOf(store, 'listings')).map((l) => l.id)).toEqual([olas.id]);
      expect((await rowsOf(store, 'listingImages')).map((p) => p.storageKey)).toEqual([olasPhoto.storageKey]);
      expect(await rowsOf(store, 'savedListings')).toEqual([]);
      expect((await rowsOf(store, 'notifications')).map((n) => n.userId)).toEqual([ola.id]);
      expect(await store.users.findSession(sessionIdFromToken(kariToken))).toBeUndefined();
      expect((await store.users.findSession(sessionIdFromToken(olaToken)))?.user.id).toBe(ola.id);
      const audit = await rowsOf(store, 'auditLog');
      expect(audit.map((a) => [a.action, a.targetId])).toEqual([
        ['listing.delete', mine.id],
        ['user.delete', kari.id],
      ]);
    });

    it('deletes a user once when two admins delete them at the same time: the other is told the user is gone', async () => {
      await fresh();
      const actor = await adminActor();
      const kari = await store.users.insert(newUser());
      await insertRow(store, 'listings', listing(kari.id));
      const storage = { delete: async () => {} } as unknown as ImageStorage;
      const results = await Promise.allSettled([1, 2, 3].map(() => adminDeleteUser({ store, storage }, actor, kari.id)));
      expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<unknown>).value)).toEqual([
        { success: true, deletedListings: 1 },
      ]);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'NOT_FOUND', message: USER_NOT_FOUND_MESSAGE });
      }
      expect((await rowsOf(store, 'auditLog')).map((a) => a.action).sort()).toEqual(['listing.delete', 'user.delete']);
    });

    it('deletes nothing when the plan refuses, and answers undefined for a missing user', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      await insertRow(store, 'listings', listing(kari.id));
      await expect(
        store.users.deleteWithListings(kari.id, () => {
          throw new AppError('FORBIDDEN', 'nei');
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await store.users.findById(kari.id)).toBeDefined();
      expect(await rowsOf(store, 'listings')).toHaveLength(1);
      expect(await store.users.deleteWithListings(kari.id + 1000, () => [])).toBeUndefined();
      expect(await rowsOf(store, 'auditLog')).toEqual([]);
    });
  });

  describe('public profile', () => {
    it('is there only for a user with a visible listing', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      expect(await store.users.publicProfile(kari.id)).toBeUndefined();
      await insertRow(store, 'listings', listing(kari.id, { status: 'pending' }));
      await insertRow(store, 'listings', listing(kari.id, { active: false }));
      expect(await store.users.publicProfile(kari.id)).toBeUndefined();
      await insertRow(store, 'listings', listing(kari.id, { address: 'Kirkegata 3' }));
      expect(await store.users.publicProfile(kari.id)).toEqual({ id: kari.id, name: kari.name, displayName: 'Kari', phone: '91234567', address: 'Kirkegata 3' });
      expect(await store.users.publicProfile(kari.id + 1000)).toBeUndefined();
    });

    it("shows the newest visible listing's contact phone and own address, each where a listing shows it", async () => {
      await fresh();
      const kari = await store.users.insert(newUser({ phone: '' }));
      const day = 24 * 3600 * 1000;
      const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * day);
      await insertRow(store, 'listings', listing(kari.id, { contactPhone: '41111111', address: 'Gamle gate 1', createdAt: at(1) }));
      await insertRow(store, 'listings', listing(kari.id, { contactPhone: '42222222', address: 'Nye gate 2', hideAddress: true, createdAt: at(2) }));
      await insertRow(store, 'listings', listing(kari.id, { contactPhone: '43333333', hideContactInfo: true, address: 'Skjult vei 3', createdAt: at(3) }));
      // Newer, but not visible: shows nothing.
      await insertRow(store, 'listings', listing(kari.id, { contactPhone: '49999999', address: 'Ventende vei 9', status: 'pending', createdAt: at(4) }));
      expect(await store.users.publicProfile(kari.id)).toEqual({ id: kari.id, name: kari.name, displayName: 'Kari', phone: '42222222', address: 'Skjult vei 3' });
    });

    it('has no phone where no visible listing shows one', async () => {
      await fresh();
      const kari = await store.users.insert(newUser({ phone: '' }));
      await insertRow(store, 'listings', listing(kari.id, { hideAddress: true, address: 'Skjult' }));
      expect(await store.users.publicProfile(kari.id)).toEqual({ id: kari.id, name: kari.name, displayName: 'Kari', phone: null, address: null });
    });
  });

  describe('password reset tokens', () => {
    it('uses a token once: the password set, every session and other token of the user gone, another user untouched', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      const ola = await store.users.insert(newUser());
      const inAnHour = new Date(Date.now() + 3_600_000);
      await store.users.createResetToken({ id: 'a', userId: kari.id, expiresAt: inAnHour });
      await store.users.createResetToken({ id: 'b', userId: kari.id, expiresAt: inAnHour });
      await store.users.createResetToken({ id: 'c', userId: ola.id, expiresAt: inAnHour });
      await store.users.createSession({ id: 's1', userId: kari.id, expiresAt: inAnHour });
      await store.users.createSession({ id: 's2', userId: ola.id, expiresAt: inAnHour });

      expect(await store.users.resetPassword('a', new Date(), 'new-hash')).toBe(kari.id);
      expect((await store.users.findById(kari.id))?.passwordHash).toBe('new-hash');
      expect(await store.users.findSession('s1')).toBeUndefined();
      expect(await store.users.findResetToken('b')).toBeUndefined();
      expect(await store.users.findSession('s2')).toBeDefined();
      expect(await store.users.findResetToken('c')).toMatchObject({ userId: ola.id });
      expect(await store.users.resetPassword('a', new Date(), 'other-hash')).toBeUndefined();
      expect((await store.users.findById(kari.id))?.passwordHash).toBe('new-hash');
    });

    it('refuses an expired token, and lets one of two simultaneous uses win', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      await store.users.createResetToken({ id: 'old', userId: kari.id, expiresAt: new Date(Date.now() - 1) });
      expect(await store.users.resetPassword('old', new Date(), 'x')).toBeUndefined();
      expect((await store.users.findById(kari.id))?.passwordHash).toBe('hash');

      // A new token clears the user's expired ones.
      await store.users.createResetToken({ id: 'new', userId: kari.id, expiresAt: new Date(Date.now() + 60_000) });
      expect(await store.users.findResetToken('old')).toBeUndefined();
      const results = await Promise.all([store.users.resetPassword('new', new Date(), 'h1'), store.users.resetPassword('new', new Date(), 'h2')]);
      expect(results.filter((r) => r === kari.id)).toHaveLength(1);
      expect(results.filter((r) => r === undefined)).toHaveLength(1);
    });

    it('goes with its user', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      await store.users.createResetToken({ id: 't', userId: kari.id, expiresAt: new Date(Date.now() + 60_000) });
      await store.users.deleteWithListings(kari.id, () => []);
      expect(await store.users.findResetToken('t')).toBeUndefined();
    });
  });

  describe('sessions', () => {
    it('creates, finds with its user, extends and deletes a session', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      const expiresAt = new Date(Date.UTC(2026, 5, 1, 12, 0, 0, 123));
      await store.users.createSession({ id: 'abc', userId: kari.id, expiresAt });
      const found = await store.users.findSession('abc');
      expect(found?.session).toEqual({ id: 'abc', userId: kari.id, expiresAt });
      expect(found?.user).toMatchObject({ id: kari.id, username: kari.username });
      const later = new Date(expiresAt.getTime() + 5 * 24 * 3600 * 1000);
      await store.users.extendSession('abc', later);
      expect((await store.users.findSession('abc'))?.session.expiresAt).toEqual(later);
      await store.users.deleteSession('abc');
      expect(await store.users.findSession('abc')).toBeUndefined();
    });

    it('refuses a second session with the same id by its key', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      await store.users.createSession({ id: 'same', userId: kari.id, expiresAt: new Date() });
      const err = await store.users.createSession({ id: 'same', userId: kari.id, expiresAt: new Date() }).catch((e: unknown) => e);
      expect(isUniqueViolation(err, 'sessions_pkey')).toBe(true);
    });

    it('validates a live token without the password hash, and nothing for an unknown one', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      const token = generateSessionToken();
      await createSession(store, token, kari.id);
      const v = await validateSessionToken(store, token);
      expect(v.user?.id).toBe(kari.id);
      expect(v.user).not.toHaveProperty('passwordHash');
      expect(await validateSessionToken(store, generateSessionToken())).toEqual({ session: null, user: null });
    });

    /** A new user's session, made with the clock faked so a test can move it. */
    async function sessionOnFakeClock() {
      await fresh();
      const kari = await store.users.insert(newUser());
      const token = generateSessionToken();
      vi.useFakeTimers({ toFake: ['Date'] });
      return { token, created: await createSession(store, token, kari.id) };
    }

    it('slides the expiry forward past half its life, stored', async () => {
      const { token, created } = await sessionOnFakeClock();
      const early = await validateSessionToken(store, token);
      expect(early.session?.expiresAt.getTime()).toBe(created.expiresAt.getTime());
      vi.setSystemTime(Date.now() + 20 * 24 * 3600 * 1000);
      const v = await validateSessionToken(store, token);
      expect(v.session!.expiresAt.getTime()).toBe(Date.now() + SESSION_TTL_MS);
      expect((await store.users.findSession(created.id))?.session.expiresAt.getTime()).toBe(v.session!.expiresAt.getTime());
    });

    it('expires after 30 days and deletes the row', async () => {
      const { token, created } = await sessionOnFakeClock();
      vi.setSystemTime(Date.now() + SESSION_TTL_MS + 1000);
      expect(await validateSessionToken(store, token)).toEqual({ session: null, user: null });
      expect(await store.users.findSession(created.id)).toBeUndefined();
    });

    it('revokes every session of a user, and only theirs', async () => {
      await fresh();
      const kari = await store.users.insert(newUser());
      const ola = await store.users.insert(newUser());
      const [a, b, c] = [generateSessionToken(), generateSessionToken(), generateSessionToken()];
      await createSession(store, a, kari.id);
      await createSession(store, b, kari.id);
      await createSession(store, c, ola.id);
      await store.users.deleteUserSessions(kari.id);
      expect((await validateSessionToken(store, a)).user).toBeNull();
      expect((await validateSessionToken(store, b)).user).toBeNull();
      expect((await validateSessionToken(store, c)).user?.id).toBe(ola.id);
    });
  });
});
