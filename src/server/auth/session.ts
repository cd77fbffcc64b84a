import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions, users, type User } from '../../../db/schema';

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

export function createSession(db: Db, token: string, userId: number) {
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
  db.insert(sessions).values(session).run();
  return session;
}

export type SessionUser = Omit<User, 'passwordHash'>;
export interface SessionValidation {
  session: { id: string; userId: number; expiresAt: Date } | null;
  user: SessionUser | null;
}

export function validateSessionToken(db: Db, token: string): SessionValidation {
  const sessionId = sessionIdFromToken(token);
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .get();
  if (!row) return { session: null, user: null };
  const { session } = row;
  const now = Date.now();
  if (now >= session.expiresAt.getTime()) {
    db.delete(sessions).where(eq(sessions.id, sessionId)).run();
    return { session: null, user: null };
  }
  if (now >= session.expiresAt.getTime() - SESSION_TTL_MS / 2) {
    session.expiresAt = new Date(now + SESSION_TTL_MS);
    db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, sessionId)).run();
  }
  const { passwordHash: _omit, ...user } = row.user;
  return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
}

export function invalidateSession(db: Db, sessionId: string) {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function invalidateUserSessions(db: Db, userId: number) {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
