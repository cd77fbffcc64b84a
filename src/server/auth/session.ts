import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq, sql } from 'drizzle-orm';
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

function prepare(db: Db) {
  const id = sql.placeholder('id');
  return {
    find: db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(sessions.userId, users.id)).where(eq(sessions.id, id)).prepare(),
    remove: db.delete(sessions).where(eq(sessions.id, id)).prepare(),
    extend: db.update(sessions).set({ expiresAt: sql`${sql.placeholder('expiresAt')}` }).where(eq(sessions.id, id)).prepare(),
  };
}

/**
 * The session lookup every request with a cookie makes, its statements prepared once per database: created in
 * buildApp (src/server/auth/request-auth.ts), so building the SQL is not part of a request.
 */
export class Sessions {
  private readonly s: ReturnType<typeof prepare>;
  constructor(db: Db) {
    this.s = prepare(db);
  }

  /** The session and its user for a cookie's token; an expired one is deleted, one past half its life extended. */
  validate(token: string): SessionValidation {
    const sessionId = sessionIdFromToken(token);
    const row = this.s.find.get({ id: sessionId });
    if (!row) return { session: null, user: null };
    const { session } = row;
    const now = Date.now();
    if (now >= session.expiresAt.getTime()) {
      this.s.remove.run({ id: sessionId });
      return { session: null, user: null };
    }
    if (now >= session.expiresAt.getTime() - SESSION_TTL_MS / 2) {
      session.expiresAt = new Date(now + SESSION_TTL_MS);
      // The placeholder bypasses the column's mapping: the stored value is the timestamp in milliseconds.
      this.s.extend.run({ id: sessionId, expiresAt: session.expiresAt.getTime() });
    }
    const { passwordHash: _omit, ...user } = row.user;
    return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
  }
}

/** One lookup outside a request (tests, scripts): prepares its statements each time; requests use `Sessions`. */
export function validateSessionToken(db: Db, token: string): SessionValidation {
  return new Sessions(db).validate(token);
}

export function invalidateSession(db: Db, sessionId: string) {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function invalidateUserSessions(db: Db, userId: number) {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
