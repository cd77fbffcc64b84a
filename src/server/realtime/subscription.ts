import { TRPCError } from '@trpc/server';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../../../db/schema';
import { z } from '../../shared/zod';
import { notLoggedIn } from '../errors';
import type { EventHub, UserEvent } from './hub';

/**
 * A subscription's input: tRPC's client sends the id of the last event it received as `lastEventId` when it
 * resubscribes after a reconnect (tracked() events). Anything that is not an event id starts afresh.
 */
export const replayInput = z
  .object({ lastEventId: z.string().max(20).nullish() })
  .nullish()
  .transform((v) => {
    const n = Number(v?.lastEventId);
    return { lastEventId: Number.isSafeInteger(n) && n >= 0 ? n : null };
  });

/**
 * Whether the session a websocket was opened with still exists (not logged out, not expired, the user not deleted).
 * Prepared once per subscription: it runs before every event pushed, a few microseconds each.
 */
function sessionCheck(db: Db, sessionId: string): () => boolean {
  const statement = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare();
  return () => statement.get({ id: sessionId, now: Date.now() }) !== undefined;
}

/**
 * The user's live events of one kind, preceded, when the client says what it saw last, by what it missed: read from
 * the database, because only committed rows are ever published and row ids grow in commit order (on PostgreSQL the
 * repositories keep it so: store/pg/chats.ts, store/pg/notifications.ts). The hub subscription starts before the
 * database is read, so nothing stored in between is lost; a live event is dropped only when the replay already gave
 * that very row, and otherwise passed on even if its id is below one already sent (two instances' publishes can reach
 * a subscriber in either order): each event reaches the client exactly once.
 *
 * A websocket's context is made once, from the cookie of its upgrade request, and a browser keeps the socket open
 * across a logout (and a login of someone else on the same page). So the session is checked again before anything is
 * sent, and whenever the hub says one of the user's sessions ended: once it is gone (logged out, password changed,
 * expired, the user deleted), the subscription ends with 401 instead of carrying the former user's messages to
 * whoever uses the page now.
 */
export async function* subscribeWithReplay<T extends { id: number }>(
  ctx: { hub: EventHub; db: Db; user: { id: number }; session: { id: string } },
  signal: AbortSignal,
  lastEventId: number | null,
  source: { missed: (afterId: number) => Promise<T[]>; pick: (event: UserEvent) => T | undefined },
): AsyncGenerator<T> {
  const live = ctx.hub.subscribe(ctx.user.id, signal);
  const sessionAlive = sessionCheck(ctx.db, ctx.session.id);
  const ensureSession = () => {
    if (sessionAlive()) return;
    // Thrown while the generator runs, after the procedure's error mapping: a TRPCError, or the client reads a 500.
    const e = notLoggedIn();
    throw new TRPCError({ code: e.code, message: e.message, cause: e });
  };
  ensureSession();
  // The ids the replay sent, up to its last: a live event at or below it is a duplicate only if it is one of them.
  const replayed = new Set<number>();
  let replayedUpTo = 0;
  if (lastEventId !== null) {
    for (const item of await source.missed(lastEventId)) {
      yield item;
      replayed.add(item.id);
      replayedUpTo = item.id;
    }
  }
  for await (const event of live) {
    if (event.kind === 'sessions-ended') {
      ensureSession();
      continue;
    }
    const item = source.pick(event);
    if (!item) continue;
    if (item.id <= replayedUpTo && replayed.has(item.id)) {
      replayed.delete(item.id);
      continue;
    }
    ensureSession();
    yield item;
  }
}
