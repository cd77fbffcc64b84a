import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN_MESSAGE, RESET_TOKEN_INVALID_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../../shared/schemas/auth';
import { generateSessionToken, sessionIdFromToken } from '../auth/session';
import { AppError } from '../errors';
import type { ImageStorage } from '../integrations/image-storage';
import { MemoryLoginThrottle } from '../limits/login-throttle';
import type { Store } from '../store';
import { createUser } from '../testing/harness';
import { createTestMailer, readOutbox, resetLinkOf } from '../testing/mail';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { deleteOwnAccount, exportAccount } from './account';
import { adminUpdateUser } from './admin-users';
import { authenticate, ensureAdmin, resetPassword, sendPasswordReset, updateProfile } from './auth';

// The account services (docs/decisions/021-mail-and-account-recovery.md), on each store: the reset's token, login by
// e-mail, unique addresses on every path that sets one, and the export and self-deletion as services (the HTTP tests
// cover the transport).

const noFiles: ImageStorage = { put: async () => {}, delete: async () => {} } as unknown as ImageStorage;

describeOnEachStore('account services', (dialect) => {
  let store: Store;
  // A test's mail is queued in its own store.
  let mail: ReturnType<typeof createTestMailer>;
  const withMailer = (s: Store) => (mail = createTestMailer(s));
  afterEach(async () => {
    if (mail) {
      await mail.mailer.idle();
      await mail.mailer.close();
      fs.rmSync(mail.outboxDir, { recursive: true, force: true });
    }
    await store?.close();
  });

  const profile = { name: 'Kari Nordmann', displayName: 'Kari', phone: '91234567', address: '' };

  describe('password reset', () => {
    it('does nothing for an unknown address, and mails a known one a token that works once', async () => {
      store = await createTestStore(dialect);
      withMailer(store);
      const { user } = await createUser(store, { email: `reset.${dialect}@example.no` });
      const before = (await readOutbox(mail.outboxDir)).length;
      await sendPasswordReset({ store, mailer: mail.mailer }, 'ukjent@example.no', 'https://bilpartner.no');
      await mail.mailer.idle();
      expect((await readOutbox(mail.outboxDir)).length).toBe(before);

      await sendPasswordReset({ store, mailer: mail.mailer }, user.email.toUpperCase(), 'https://bilpartner.no');
      await mail.mailer.idle();
      const link = resetLinkOf((await readOutbox(mail.outboxDir)).filter((m) => m.to === user.email).at(-1)!);
      expect(link.origin).toBe('https://bilpartner.no');
      const token = link.searchParams.get('token')!;
      expect(await resetPassword(store, { token, newPassword: 'nytt-passord' })).toBe(user.id);
      await expect(resetPassword(store, { token, newPassword: 'igjen-passord' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: RESET_TOKEN_INVALID_MESSAGE });
      expect((await authenticate(store, user.username, 'nytt-passord')).id).toBe(user.id);
    });

    it('refuses a token past its hour', async () => {
      store = await createTestStore(dialect);
      const { user } = await createUser(store);
      const token = generateSessionToken();
      const now = new Date();
      await store.users.createResetToken({ id: sessionIdFromToken(token), userId: user.id, expiresAt: new Date(now.getTime() + 60 * 60_000) });
      await expect(resetPassword(store, { token, newPassword: 'nytt-passord' }, new Date(now.getTime() + 60 * 60_000 + 1))).rejects.toBeInstanceOf(AppError);
      expect(await resetPassword(store, { token, newPassword: 'nytt-passord' }, new Date(now.getTime() + 59 * 60_000))).toBe(user.id);
    });
  });

  describe('logging in with the e-mail address', () => {
    it('finds the account by address in any case, and counts failures under its username', async () => {
      store = await createTestStore(dialect);
      const { user } = await createUser(store, { username: 'ola.hansen', email: 'Ola.Hansen@example.no' });
      const throttle = new MemoryLoginThrottle({ now: () => 0 });
      expect((await authenticate(store, 'ola.hansen@EXAMPLE.no', 'hemmelig123', { throttle })).id).toBe(user.id);
      // Five failures, typed either way, lock the account under both names.
      for (const login of ['ola.hansen@example.no', 'ola.hansen', 'OLA.HANSEN@example.no', 'ola.hansen', 'ola.hansen@example.no']) {
        await expect(authenticate(store, login, 'feil', { throttle })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      await expect(authenticate(store, 'ola.hansen', 'hemmelig123', { throttle })).rejects.toThrow(/For mange mislykkede innlogginger/);
      await expect(authenticate(store, 'ola.hansen@example.no', 'hemmelig123', { throttle })).rejects.toThrow(/For mange mislykkede innlogginger/);
    });
  });

  describe('unique e-mail addresses', () => {
    it('refuses a taken address on the profile and in an admin’s edit; the admin placeholder steps aside', async () => {
      store = await createTestStore(dialect);
      await createUser(store, { email: 'admin@bilpartner.no' });
      const { user } = await createUser(store, { email: 'egen@example.no' });
      const taken = { ...profile, email: 'ADMIN@bilpartner.no' };
      await expect(updateProfile(store, user.id, taken)).rejects.toMatchObject({ code: 'CONFLICT', details: { email: EMAIL_TAKEN_MESSAGE } });
      await expect(adminUpdateUser(store, { id: user.id, name: 'Anne' }, { id: user.id, ...taken })).rejects.toMatchObject({
        code: 'CONFLICT',
        details: { email: EMAIL_TAKEN_MESSAGE },
      });
      expect((await store.users.findById(user.id))?.email).toBe('egen@example.no');

      const admin = await ensureAdmin(store, 'admin', 'hemmelig-admin');
      expect(admin.isAdmin).toBe(true);
      expect(admin.email).toMatch(/^admin\+[a-z0-9]{6}@bilpartner\.no$/);
    });
  });

  describe('export and self-deletion', () => {
    it('exports a new account’s profile and empty lists; a wrong password deletes nothing, the right one everything', async () => {
      store = await createTestStore(dialect);
      const { user, password } = await createUser(store, { name: 'Dina Data' });
      const data = await exportAccount(store, user.id, new Date('2026-11-27T10:00:00Z'));
      expect(data).toMatchObject({
        exportedAt: '2026-11-27T10:00:00.000Z',
        profile: { id: user.id, username: user.username, name: 'Dina Data' },
        listings: [],
        savedListings: [],
        savedSearches: [],
        chats: [],
        notifications: [],
        inquiries: [],
      });

      const deps = { store, storage: noFiles, mailer: withMailer(store).mailer };
      await expect(deleteOwnAccount(deps, user.id, 'feil-passord')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: WRONG_PASSWORD_MESSAGE });
      expect(await store.users.findById(user.id)).toBeDefined();
      await deleteOwnAccount(deps, user.id, password);
      expect(await store.users.findById(user.id)).toBeUndefined();
      await expect(exportAccount(store, user.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
