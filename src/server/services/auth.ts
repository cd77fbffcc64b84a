import type { User } from '../../../db/schema';
import type { ChangePasswordInput, RegisterInput, UpdateProfileInput } from '../../shared/schemas/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import { AppError } from '../errors';
import type { LoginThrottle } from '../limits/login-throttle';
import type { Store } from '../store';
import { isUniqueViolation } from '../store/errors';
import { findUserById, findUserByUsername, randomCode } from './users';

export const WRONG_CREDENTIALS = 'Feil brukernavn eller passord.';
export const USERNAME_TAKEN = 'Brukernavnet er allerede tatt. Velg et annet.';

const usernameTaken = () => new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });

function normalisePhone(phone: string) {
  return phone.replace(/\s+/g, '');
}

/**
 * Creates the user. A taken name is refused before the password is hashed; two registrations racing for the same name
 * (in any case) are decided by the unique index users_username_lower_uq, the loser refused with the same conflict.
 */
export async function registerUser(
  store: Store,
  input: Required<Omit<RegisterInput, 'address'>> & { address?: string },
  opts: { isAdmin?: boolean } = {},
): Promise<User> {
  if (await findUserByUsername(store, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.users.insert({
        username: input.username.trim(),
        passwordHash,
        name: input.name.trim(),
        displayName: input.name.trim().split(/\s+/)[0] ?? null,
        email: input.email.trim(),
        phone: normalisePhone(input.phone),
        address: (input.address ?? '').trim(),
        uniqueId: `BP-${randomCode(6)}`,
        isAdmin: opts.isAdmin ?? false,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_lower_uq')) throw usernameTaken();
      // A random public id another user already has: draw again.
      if (isUniqueViolation(err, 'users_unique_id_uq') && attempt < 5) continue;
      throw err;
    }
  }
}

/** Counts failed password checks per account (docs/product/limits.md#rate-limits); the routers pass AppDeps' one. */
export interface PasswordCheckOptions {
  throttle?: LoginThrottle;
}

/**
 * Checks the credentials; the same message and the same work whether or not the user exists. With a throttle, a
 * locked username (known or not) is refused with 429 before any password is checked — the right one too.
 */
export async function authenticate(store: Store, username: string, password: string, opts: PasswordCheckOptions = {}): Promise<User> {
  await opts.throttle?.begin(username);
  const user = await findUserByUsername(store, username);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  await opts.throttle?.succeeded(username);
  return user;
}

export async function updateProfile(store: Store, userId: number, input: UpdateProfileInput): Promise<User> {
  const updated = await store.users.updateProfile(userId, {
    name: input.name,
    displayName: input.displayName,
    email: input.email,
    phone: normalisePhone(input.phone),
    address: input.address,
  });
  if (!updated) throw new AppError('NOT_FOUND', 'Fant ikke brukeren.');
  return updated;
}

/**
 * Changes the password and revokes every session of the user, in one transaction; the caller opens a fresh one. A
 * wrong old password counts against the account like a failed login, so a stolen session cannot guess it either.
 */
export async function changePassword(store: Store, userId: number, input: ChangePasswordInput, opts: PasswordCheckOptions = {}): Promise<void> {
  const user = await findUserById(store, userId);
  if (!user) throw new AppError('NOT_FOUND', 'Fant ikke brukeren.');
  await opts.throttle?.begin(user.username);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw new AppError('BAD_REQUEST', 'Nåværende passord er feil.', { oldPassword: 'Nåværende passord er feil.' });
  }
  await opts.throttle?.succeeded(user.username);
  if (input.oldPassword === input.newPassword) {
    throw new AppError('BAD_REQUEST', 'Det nye passordet må være forskjellig fra det gamle.', {
      newPassword: 'Det nye passordet må være forskjellig fra det gamle.',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await store.users.setPasswordRevokingSessions(userId, passwordHash);
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD: that user exists and is an admin after start (created if missing). Several instances
 * starting at once may all find it missing: one registration wins, the others promote the winner.
 */
export async function ensureAdmin(store: Store, username: string, password: string): Promise<User> {
  const existing = await findUserByUsername(store, username);
  if (existing) {
    if (!existing.isAdmin) await store.users.makeAdmin(existing.id);
    return { ...existing, isAdmin: true };
  }
  try {
    return await registerUser(
      store,
      { username, password, name: 'Administrator', email: `${username}@bilpartner.no`, phone: '' },
      { isAdmin: true },
    );
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    return ensureAdmin(store, username, password);
  }
}
