import type { User } from '../../../db/schema';
import {
  EMAIL_TAKEN_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
  type ChangePasswordInput,
  type RegisterInput,
  type ResetPasswordInput,
  type UpdateProfileInput,
} from '../../shared/schemas/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import { generateSessionToken, sessionIdFromToken } from '../auth/session';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';
import { AppError } from '../errors';
import type { LoginThrottle } from '../limits/login-throttle';
import type { Store } from '../store';
import { isUniqueViolation } from '../store/errors';
import { randomCode } from '../../shared/random-code';
import { findUserById, findUserByUsername } from './users';

export const WRONG_CREDENTIALS = 'Feil brukernavn eller passord.';
export const USERNAME_TAKEN = 'Brukernavnet er allerede tatt. Velg et annet.';

const usernameTaken = () => new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
/** An address another account has (users_email_lower_uq): 409 on the form's e-mail field. */
export const emailTaken = () => new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });

/** Runs a write that sets an e-mail address, answering a taken one with emailTaken (never a 500). */
export async function refusingTakenEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_uq')) throw emailTaken();
    throw err;
  }
}

function normalisePhone(phone: string) {
  return phone.replace(/\s+/g, '');
}

/**
 * Creates the user. A taken name or e-mail address is refused before the password is hashed; two registrations racing
 * for the same name (in any case, or a look-alike: db/username-key.ts) or address (in any case) are decided by the
 * unique indexes users_username_key_uq and users_email_lower_uq, the loser refused with the same conflict.
 */
export async function registerUser(
  store: Store,
  input: Required<Omit<RegisterInput, 'address'>> & { address?: string },
  opts: { isAdmin?: boolean } = {},
): Promise<User> {
  if (await findUserByUsername(store, input.username)) throw usernameTaken();
  if (await store.users.findByEmail(input.email)) throw emailTaken();
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
      if (isUniqueViolation(err, 'users_username_key_uq') || isUniqueViolation(err, 'users_username_lower_uq')) throw usernameTaken();
      if (isUniqueViolation(err, 'users_email_lower_uq')) throw emailTaken();
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

/** The account a login names: by e-mail address when it holds an '@' (a username cannot), else by username. */
function findByLogin(store: Store, login: string): Promise<User | undefined> {
  return login.includes('@') ? store.users.findByEmail(login) : findUserByUsername(store, login);
}

/**
 * Checks the credentials (username or e-mail address); the same message and the same work whether or not the user
 * exists. With a throttle, a locked account (known or not) is refused with 429 before any password is checked — the
 * right one too. A known account is counted under its username whichever name the login used, so switching between
 * the two does not double the guesses.
 */
export async function authenticate(store: Store, login: string, password: string, opts: PasswordCheckOptions = {}): Promise<User> {
  const user = await findByLogin(store, login);
  const key = user?.username ?? login;
  await opts.throttle?.begin(key);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  await opts.throttle?.succeeded(key);
  return user;
}

/** Checks the user's own password for a step that needs it again (deleting the account), counted like a login. */
export async function confirmPassword(store: Store, userId: number, password: string, message: string, opts: PasswordCheckOptions = {}): Promise<User> {
  const user = await findUserById(store, userId);
  if (!user) throw new AppError('NOT_FOUND', 'Fant ikke brukeren.');
  await opts.throttle?.begin(user.username);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('BAD_REQUEST', message, { password: message });
  await opts.throttle?.succeeded(user.username);
  return user;
}

export async function updateProfile(store: Store, userId: number, input: UpdateProfileInput): Promise<User> {
  const updated = await refusingTakenEmail(() =>
    store.users.updateProfile(userId, {
      name: input.name,
      displayName: input.displayName,
      email: input.email,
      phone: normalisePhone(input.phone),
      address: input.address,
    }),
  );
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

/** How long a 'Glemt passord?' link works (docs/decisions/021-mail-and-account-recovery.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * 'Glemt passord?': for a known address, stores a single-use token (its SHA-256, like a session's) and mails the link
 * to /nytt-passord, after the token has committed. An unknown address does nothing. The caller runs this after
 * answering (Mailer.later), so the answer takes the same time either way (docs/decisions/021-mail-and-account-recovery.md).
 */
export async function sendPasswordReset(deps: { store: Store; mailer: Mailer }, email: string, origin: string): Promise<void> {
  const user = await deps.store.users.findByEmail(email);
  if (!user) return;
  const token = generateSessionToken();
  await deps.store.users.createResetToken({ id: sessionIdFromToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  await deps.mailer.send(user.email, passwordResetMail(user, `${origin}/nytt-passord?token=${encodeURIComponent(token)}`));
}

const resetTokenInvalid = () => new AppError('BAD_REQUEST', RESET_TOKEN_INVALID_MESSAGE, { token: RESET_TOKEN_INVALID_MESSAGE });

/**
 * Sets a new password with a mailed token: the token is used up, and every session and other reset token of the user
 * ends, in one transaction. A used, expired or unknown token is refused (400) before the password is hashed. Answers
 * the user's id (the caller ends their open subscriptions).
 */
export async function resetPassword(store: Store, input: ResetPasswordInput, now = new Date()): Promise<number> {
  const id = sessionIdFromToken(input.token);
  const token = await store.users.findResetToken(id);
  if (!token || token.expiresAt.getTime() <= now.getTime()) throw resetTokenInvalid();
  const passwordHash = await hashPassword(input.newPassword);
  // Checked again inside the transaction: of two uses racing, one wins.
  const userId = await store.users.resetPassword(id, now, passwordHash);
  if (userId === undefined) throw resetTokenInvalid();
  return userId;
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
  // The address is a placeholder the admin may change on /profil; one another account already has (e-mail addresses
  // are unique) gets a random tag instead.
  for (const email of [`${username}@bilpartner.no`, `${username}+${randomCode(6).toLowerCase()}@bilpartner.no`]) {
    try {
      return await registerUser(store, { username, password, name: 'Administrator', email, phone: '' }, { isAdmin: true });
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
      if (err.message === EMAIL_TAKEN_MESSAGE) continue;
      return ensureAdmin(store, username, password);
    }
  }
  throw new Error(`ADMIN_USERNAME: no free e-mail address for ${username}`);
}
