import { z } from '../../shared/zod';
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
 * The user's live events of one kind, preceded, when the client says what it saw last, by what it missed: read from
 * the database, because only committed rows are ever published and row ids grow. The hub subscription starts before
 * the database is read, so nothing stored in between is lost, and the ids filter what both paths would deliver: each
 * event reaches the client exactly once, in order.
 */
export async function* subscribeWithReplay<T extends { id: number }>(
  ctx: { hub: EventHub; user: { id: number } },
  signal: AbortSignal,
  lastEventId: number | null,
  source: { missed: (afterId: number) => T[]; pick: (event: UserEvent) => T | undefined },
): AsyncGenerator<T> {
  const live = ctx.hub.subscribe(ctx.user.id, signal);
  let last = lastEventId ?? 0;
  if (lastEventId !== null) {
    for (const item of source.missed(lastEventId)) {
      yield item;
      last = item.id;
    }
  }
  for await (const event of live) {
    const item = source.pick(event);
    if (!item || (lastEventId !== null && item.id <= last)) continue;
    last = item.id;
    yield item;
  }
}
