import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { User } from '../../../db/schema';
import type { Store } from '../store';

// Sessions as in Lucia's guide (lucia-auth.com/sessions/basic): a random token in the cookie, its SHA-256
// as the stored id, a 30-day expiry that slides forward when less than half of it is left.
export const SESSION_COOKIE = 'bp_session';
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(store: Store, token: string, userId: number) {
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
  await store.users.createSession(session);
  return session;
}

export type SessionUser = Omit<User, 'passwordHash'>;
export interface SessionValidation {
  session: { id: string; userId: number; expiresAt: Date } | null;
  user: SessionUser | null;
}

/**
 * The session lookup every request with a cookie makes (src/server/auth/request-auth.ts). Its statements are prepared
 * once per store by the users repository, so building the SQL is not part of a request.
 */
export class Sessions {
  constructor(private readonly store: Store) {}

  /** The session and its user for a cookie's token; an expired one is deleted, one past half its life extended. */
  async validate(token: string): Promise<SessionValidation> {
    const sessionId = sessionIdFromToken(token);
    const row = await this.store.users.findSession(sessionId);
    if (!row) return { session: null, user: null };
    const { session } = row;
    const now = Date.now();
    if (now >= session.expiresAt.getTime()) {
      await this.store.users.deleteSession(sessionId);
      return { session: null, user: null };
    }
    if (now >= session.expiresAt.getTime() - SESSION_TTL_MS / 2) {
      session.expiresAt = new Date(now + SESSION_TTL_MS);
      await this.store.users.extendSession(sessionId, session.expiresAt);
    }
    const { passwordHash: _omit, ...user } = row.user;
    return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
  }
}

/** One lookup outside a request (tests, scripts); requests use the app's `Sessions` (RequestAuth). */
export function validateSessionToken(store: Store, token: string): Promise<SessionValidation> {
  return new Sessions(store).validate(token);
}

export async function invalidateSession(store: Store, sessionId: string): Promise<void> {
  await store.users.deleteSession(sessionId);
}

export async function invalidateUserSessions(store: Store, userId: number): Promise<void> {
  await store.users.deleteUserSessions(userId);
}
