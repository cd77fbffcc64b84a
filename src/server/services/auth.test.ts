import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerInput, updateProfileInput } from '../../shared/schemas/auth';
import { PASSWORD_MIN_MESSAGE } from '../../shared/validation/password';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../../shared/validation/phone';
import { createSession, generateSessionToken, validateSessionToken } from '../auth/session';
import { AppError } from '../errors';
import { callerFor, createUser } from '../testing/harness';
import { createTestStore } from '../testing/stores';
import type { Store } from '../store';
import { USERNAME_TAKEN, WRONG_CREDENTIALS, authenticate, changePassword, ensureAdmin, registerUser, updateProfile } from './auth';

// On the suite's store: SQLite, or PostgreSQL with TEST_STORE=pg.
let store: Store;
beforeEach(async () => {
  store = await createTestStore();
});
afterEach(() => store.close());

const kari = {
  username: 'kari.nordmann',
  password: 'bilpartner123',
  name: 'Kari Nordmann',
  email: 'kari@example.no',
  phone: '+47 912 34 567',
  address: 'Arendalsgata 12B, 0463 OSLO',
};

async function expectAppError(promise: Promise<unknown> | (() => unknown), code: AppError['code'], message: string) {
  const err = await (typeof promise === 'function' ? Promise.resolve().then(promise) : promise).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  expect((err as AppError).message).toBe(message);
}

async function expectTRPCError(promise: Promise<unknown>, code: TRPCError['code'], message: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  expect((err as TRPCError).code).toBe(code);
  expect((err as TRPCError).message).toBe(message);
}

describe('phone rule (docs/product/validation.md)', () => {
  it.each(['91234567', '41234567', '22334455', '+47 912 34 567', '+4791234567', '0047 41234567', '4791234567', ' 912 34 567 '])(
    'accepts %s',
    (phone) => expect(isValidNorwegianPhone(phone)).toBe(true),
  );
  it.each(['12345678', '02345678', '9123456', '912345678', '+46 912 34 567', '+4612345678', '004691234567', '46 91234567', '+47 012 34 567', '', 'telefon'])(
    'refuses %j',
    (phone) => expect(isValidNorwegianPhone(phone)).toBe(false),
  );

  it('is checked on the profile only when a phone is present; required on registration', () => {
    const profile = { name: 'Kari Nordmann', displayName: 'Kari', email: 'kari@example.no', address: '' };
    expect(updateProfileInput.safeParse({ ...profile, phone: '' }).success).toBe(true);
    expect(updateProfileInput.safeParse({ ...profile, phone: '12345678' }).error?.issues[0].message).toBe(PHONE_SUBMIT_MESSAGE);
    expect(registerInput.safeParse({ ...kari, phone: '' }).error?.issues[0].message).toBe('Telefonnummer må fylles ut.');
    expect(registerInput.safeParse({ ...kari, phone: '9123456' }).error?.issues[0].message).toBe(PHONE_SUBMIT_MESSAGE);
  });
});

describe('registerUser', () => {
  it('creates the user with an argon2id hash, a BP- code, a display name from the first name and a spaceless phone', async () => {
    const user = await registerUser(store, kari);
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(user.uniqueId).toMatch(/^BP-[A-HJ-NP-Z2-9]{6}$/);
    expect(user.displayName).toBe('Kari');
    expect(user.phone).toBe('+4791234567');
    expect(user.isAdmin).toBe(false);
  });

  it('refuses a username that differs only in case', async () => {
    await registerUser(store, kari);
    await expectAppError(registerUser(store, { ...kari, username: 'KARI.NORDMANN' }), 'CONFLICT', USERNAME_TAKEN);
    expect(await store.users.listWithListingCounts()).toHaveLength(1);
  });

  it('gives every user a different uniqueId', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await createUser(store)).user.uniqueId);
    expect(ids.size).toBe(20);
  });
});

describe('authenticate', () => {
  it('accepts the right password, with the username in any case', async () => {
    const user = await registerUser(store, kari);
    expect((await authenticate(store, 'Kari.Nordmann', kari.password)).id).toBe(user.id);
  });

  it('gives the same error for a wrong password and an unknown user', async () => {
    await registerUser(store, kari);
    await expectAppError(authenticate(store, kari.username, 'feil-passord'), 'UNAUTHORIZED', WRONG_CREDENTIALS);
    await expectAppError(authenticate(store, 'ola.nordmann', kari.password), 'UNAUTHORIZED', WRONG_CREDENTIALS);
  });
});

describe('changePassword', () => {
  it('refuses a wrong current password and keeps the sessions', async () => {
    const user = await registerUser(store, kari);
    const token = generateSessionToken();
    await createSession(store, token, user.id);
    await expectAppError(changePassword(store, user.id, { oldPassword: 'feil', newPassword: 'nyttpassord' }), 'BAD_REQUEST', 'Nåværende passord er feil.');
    expect((await validateSessionToken(store, token)).user?.id).toBe(user.id);
    expect((await authenticate(store, kari.username, kari.password)).id).toBe(user.id);
  });

  it('sets the new password and revokes every session of the user, and only of that user', async () => {
    const user = await registerUser(store, kari);
    const other = (await createUser(store)).user;
    const tokens = [generateSessionToken(), generateSessionToken()];
    for (const token of tokens) await createSession(store, token, user.id);
    const otherToken = generateSessionToken();
    await createSession(store, otherToken, other.id);

    await changePassword(store, user.id, { oldPassword: kari.password, newPassword: 'nyttpassord' });
    for (const token of tokens) expect((await validateSessionToken(store, token)).user).toBeNull();
    expect((await validateSessionToken(store, otherToken)).user?.id).toBe(other.id);
    await expectAppError(authenticate(store, kari.username, kari.password), 'UNAUTHORIZED', WRONG_CREDENTIALS);
    expect((await authenticate(store, kari.username, 'nyttpassord')).id).toBe(user.id);
  });
});

describe('updateProfile', () => {
  it('saves the editable fields and leaves username, uniqueId and isAdmin alone', async () => {
    const user = await registerUser(store, kari);
    const updated = await updateProfile(store, user.id, { name: 'Kari Hansen', displayName: 'KH', email: 'kh@example.no', phone: '412 34 567', address: '' });
    expect(updated).toMatchObject({ username: kari.username, uniqueId: user.uniqueId, isAdmin: false, name: 'Kari Hansen', displayName: 'KH', phone: '41234567' });
  });

  it('answers NOT_FOUND for a user that does not exist', () => {
    return expectAppError(() => updateProfile(store, 9999, { name: 'x', displayName: 'x', email: 'x@example.no', phone: '', address: '' }), 'NOT_FOUND', 'Fant ikke brukeren.');
  });
});

describe('ensureAdmin', () => {
  it('creates the admin when missing and promotes an existing user', async () => {
    const created = await ensureAdmin(store, 'sjef', 'hemmelig123');
    expect(created.isAdmin).toBe(true);
    await registerUser(store, kari);
    expect((await ensureAdmin(store, kari.username, 'ignored')).isAdmin).toBe(true);
    expect((await store.users.findByUsername(kari.username))!.isAdmin).toBe(true);
  });
});

describe('auth router', () => {
  it('auth.me is null for a visitor and the user (without hash) when logged in', async () => {
    const { user } = await createUser(store);
    expect(await callerFor(store, null).auth.me()).toBeNull();
    const me = await callerFor(store, user).auth.me();
    expect(me).toMatchObject({ id: user.id, username: user.username });
    expect(me).not.toHaveProperty('passwordHash');
    expect(typeof me!.createdAt).toBe('string');
  });

  it('auth.register and auth.login answer the user', async () => {
    const registered = await callerFor(store, null).auth.register(kari);
    expect(registered).toMatchObject({ username: kari.username, phone: '+4791234567' });
    expect(await callerFor(store, null).auth.login({ username: kari.username, password: kari.password })).toMatchObject({ id: registered.id });
  });

  it('maps service errors and input errors to tRPC codes with the Norwegian message', async () => {
    await callerFor(store, null).auth.register(kari);
    await expectTRPCError(callerFor(store, null).auth.register(kari), 'CONFLICT', USERNAME_TAKEN);
    await expectTRPCError(callerFor(store, null).auth.login({ username: kari.username, password: 'feil' }), 'UNAUTHORIZED', WRONG_CREDENTIALS);
    await expectTRPCError(callerFor(store, null).auth.register({ ...kari, username: 'ola', phone: '12345678' }), 'BAD_REQUEST', PHONE_SUBMIT_MESSAGE);
  });

  it('updateProfile and changePassword need a logged-in user', async () => {
    const visitor = callerFor(store, null);
    await expectTRPCError(visitor.auth.updateProfile({ name: 'x', displayName: 'x', email: 'x@example.no', phone: '', address: '' }), 'UNAUTHORIZED', 'Du må være innlogget.');
    await expectTRPCError(visitor.auth.changePassword({ oldPassword: 'x', newPassword: 'yyyyyy' }), 'UNAUTHORIZED', 'Du må være innlogget.');
  });

  it('changePassword checks the new length before touching anything', async () => {
    const { user, password } = await createUser(store);
    await expectTRPCError(callerFor(store, user).auth.changePassword({ oldPassword: password, newPassword: '12345' }), 'BAD_REQUEST', PASSWORD_MIN_MESSAGE);
    expect((await authenticate(store, user.username, password)).id).toBe(user.id);
  });

  it('changePassword answers the documented success text', async () => {
    const { user, password } = await createUser(store);
    expect(await callerFor(store, user).auth.changePassword({ oldPassword: password, newPassword: 'nyttpassord' })).toEqual({ success: true, message: 'Passord endret' });
  });
});
