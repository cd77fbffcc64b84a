import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, type User } from '../../../db/schema';
import type { ChangePasswordInput, RegisterInput, UpdateProfileInput } from '../../shared/schemas/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import { AppError } from '../errors';
import type { LoginThrottle } from '../limits/login-throttle';
import { findUserById, findUserByUsername, randomCode } from './users';

export const WRONG_CREDENTIALS = 'Feil brukernavn eller passord.';
export const USERNAME_TAKEN = 'Brukernavnet er allerede tatt. Velg et annet.';

function normalisePhone(phone: string) {
  return phone.replace(/\s+/g, '');
}

export async function registerUser(
  db: Db,
  input: Required<Omit<RegisterInput, 'address'>> & { address?: string },
  opts: { isAdmin?: boolean } = {},
): Promise<User> {
  if (findUserByUsername(db, input.username)) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return db
        .insert(users)
        .values({
          username: input.username.trim(),
          passwordHash,
          name: input.name.trim(),
          displayName: input.name.trim().split(/\s+/)[0] ?? null,
          email: input.email.trim(),
          phone: normalisePhone(input.phone),
          address: (input.address ?? '').trim(),
          uniqueId: `BP-${randomCode(6)}`,
          isAdmin: opts.isAdmin ?? false,
        })
        .returning()
        .get();
    } catch (err) {
      const msg = String((err as Error).message);
      // Two registrations racing for the same name: the unique index decides.
      if (msg.includes('users_username_lower_uq') || msg.includes('users.username')) {
        throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
      }
      if (msg.includes('unique_id') && attempt < 5) continue;
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
export async function authenticate(db: Db, username: string, password: string, opts: PasswordCheckOptions = {}): Promise<User> {
  await opts.throttle?.begin(username);
  const user = findUserByUsername(db, username);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  await opts.throttle?.succeeded(username);
  return user;
}

export function updateProfile(db: Db, userId: number, input: UpdateProfileInput): User {
  const updated = db
    .update(users)
    .set({
      name: input.name,
      displayName: input.displayName,
      email: input.email,
      phone: normalisePhone(input.phone),
      address: input.address,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!updated) throw new AppError('NOT_FOUND', 'Fant ikke brukeren.');
  return updated;
}

/**
 * Changes the password and revokes every session of the user; the caller opens a fresh one. A wrong old password
 * counts against the account like a failed login, so a stolen session cannot guess it either.
 */
export async function changePassword(db: Db, userId: number, input: ChangePasswordInput, opts: PasswordCheckOptions = {}): Promise<void> {
  const user = findUserById(db, userId);
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
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).run();
  invalidateUserSessions(db, userId);
}

/** ADMIN_USERNAME/ADMIN_PASSWORD: that user exists and is an admin after start (created if missing). */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<User> {
  const existing = findUserByUsername(db, username);
  if (existing) {
    if (!existing.isAdmin) db.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id)).run();
    return { ...existing, isAdmin: true };
  }
  return registerUser(
    db,
    { username, password, name: 'Administrator', email: `${username}@bilpartner.no`, phone: '' },
    { isAdmin: true },
  );
}
