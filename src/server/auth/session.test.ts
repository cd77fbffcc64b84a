import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../../db/schema';
import { createTestDb, createUser, storeOf } from '../testing/harness';
import type { Db } from '../../../db/client';
import {
  createSession,
  generateSessionToken,
  invalidateUserSessions,
  SESSION_TTL_MS,
  sessionIdFromToken,
  validateSessionToken,
} from './session';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  db.$client.close();
});

describe('sessions (Lucia guide)', () => {
  it('stores only the SHA-256 of the token', async () => {
    const { user } = await createUser(db);
    const token = generateSessionToken();
    await createSession(storeOf(db), token, user.id);
    const rows = db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(sessionIdFromToken(token));
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates a live token and never returns the password hash', async () => {
    const { user } = await createUser(db);
    const token = generateSessionToken();
    await createSession(storeOf(db), token, user.id);
    const v = await validateSessionToken(storeOf(db), token);
    expect(v.user?.id).toBe(user.id);
    expect(v.user).not.toHaveProperty('passwordHash');
    expect((await validateSessionToken(storeOf(db), generateSessionToken())).user).toBeNull();
  });

  it('expires after 30 days and deletes the row', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user } = await createUser(db);
    const token = generateSessionToken();
    await createSession(storeOf(db), token, user.id);
    vi.setSystemTime(Date.now() + SESSION_TTL_MS + 1000);
    expect((await validateSessionToken(storeOf(db), token)).session).toBeNull();
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it('slides the expiry forward once less than half of it is left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user } = await createUser(db);
    const token = generateSessionToken();
    const created = await createSession(storeOf(db), token, user.id);
    vi.setSystemTime(Date.now() + 20 * 24 * 3600 * 1000);
    const v = await validateSessionToken(storeOf(db), token);
    expect(v.session!.expiresAt.getTime()).toBeGreaterThan(created.expiresAt.getTime());
    const stored = db.select().from(sessions).where(eq(sessions.id, created.id)).get();
    expect(stored!.expiresAt.getTime()).toBe(v.session!.expiresAt.getTime());
  });

  it('revokes every session of a user', async () => {
    const { user } = await createUser(db);
    const { user: other } = await createUser(db);
    const a = generateSessionToken();
    const b = generateSessionToken();
    const c = generateSessionToken();
    await createSession(storeOf(db), a, user.id);
    await createSession(storeOf(db), b, user.id);
    await createSession(storeOf(db), c, other.id);
    await invalidateUserSessions(storeOf(db), user.id);
    expect((await validateSessionToken(storeOf(db), a)).user).toBeNull();
    expect((await validateSessionToken(storeOf(db), b)).user).toBeNull();
    expect((await validateSessionToken(storeOf(db), c)).user?.id).toBe(other.id);
  });
});
