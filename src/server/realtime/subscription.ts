import { TRPCError } from '@trpc/server';
import { z } from '../../shared/zod';
import { notLoggedIn } from '../errors';
import type { Store } from '../store';
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
 * Whether the session a websocket was opened with still exists (not logged out, not expired, the user not deleted):
 * a primary-key look-up through the users repository before every event pushed.
 */
function sessionCheck(store: Store, sessionId: string): () => Promise<boolean> {
  return async () => {
    const found = await store.users.findSession(sessionId);
    return found !== undefined && found.session.expiresAt.getTime() > Date.now();
  };
}

/**
 * The user's live events of one kind, preceded, when the client says what it saw last, by what it missed: read from
 * the database, because only committed rows are ever published and row ids grow in commit order (on PostgreSQL the
 * repositories keep it so: store/pg/chats.ts, store/notifications.ts). The hub subscription starts before the
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
  ctx: { hub: EventHub; store: Store; user: { id: number }; session: { id: string } },
  signal: AbortSignal,
  lastEventId: number | null,
  source: { missed: (afterId: number) => Promise<T[]>; pick: (event: UserEvent) => T | undefined },
): AsyncGenerator<T> {
  const live = ctx.hub.subscribe(ctx.user.id, signal);
  const sessionAlive = sessionCheck(ctx.store, ctx.session.id);
  const ensureSession = async () => {
    if (await sessionAlive()) return;
    // Thrown while the generator runs, after the procedure's error mapping: a TRPCError, or the client reads a 500.
    const e = notLoggedIn();
    throw new TRPCError({ code: e.code, message: e.message, cause: e });
  };
  // Read while the session is checked (nothing is sent before it is); a refused subscription drops what it read.
  const missed = lastEventId === null ? undefined : source.missed(lastEventId);
  missed?.catch(() => {});
  await ensureSession();
  // The ids the replay sent (at most its limit): a live event is a duplicate only if it is one of them.
  const replayed = new Set<number>();
  if (missed) {
    for (const item of await missed) {
      yield item;
      replayed.add(item.id);
    }
  }
  for await (const event of live) {
    if (event.kind === 'sessions-ended') {
      await ensureSession();
      continue;
    }
    const item = source.pick(event);
    if (!item) continue;
    if (replayed.delete(item.id)) continue;
    await ensureSession();
    yield item;
  }
}
