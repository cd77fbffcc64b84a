import type { MessageShape } from '../../shared/schemas/chat';
import type { NotificationShape } from '../../shared/schemas/notification';
import { recordPushed } from '../ops/metrics';

/**
 * What is pushed to a user (docs/product/realtime.md). Every event is already committed to the database, and its id is
 * the row's id, so a reconnecting subscriber can be given exactly what it missed from the database.
 */
export type UserEvent =
  | { kind: 'message'; message: MessageShape }
  | { kind: 'notification'; notification: NotificationShape }
  /** Some session of the user ended (logout, password change, the user deleted): subscriptions check their own. */
  | { kind: 'sessions-ended' };

/** Published after a user's session (or every session) is deleted, so open subscriptions end at once. */
export const SESSIONS_ENDED: UserEvent = Object.freeze({ kind: 'sessions-ended' });

/**
 * The event hub behind the chat and notification subscriptions: one per app, created in buildApp and closed with it.
 * Events are addressed to a user, so a subscriber only ever receives its own. Routers and services see only this
 * interface; a broker shared by several instances (Redis pub/sub, Postgres LISTEN) can implement it without touching
 * them, because a subscriber that misses something catches up from the database (lastEventId), not from the hub.
 */
export interface EventHub {
  /** Delivers `event` to every current subscription of `userId`. Call it after the transaction has committed. */
  publish(userId: number, event: UserEvent): void;
  /**
   * A chat message was committed for `userIds`, its participants. Whether it still has to be published is the hub's
   * to know: the in-process hub publishes it; on PostgreSQL the statement that stored it has already told every
   * instance (store/pg/chats.ts), so PgHub does nothing.
   */
  messageStored(message: MessageShape, userIds: readonly number[]): void;
  /**
   * The user's events from this call on (buffered until read, so nothing published between this call and the first
   * read is lost); ends when `signal` aborts or the hub closes.
   */
  subscribe(userId: number, signal: AbortSignal): AsyncIterable<UserEvent>;
  /** Ends every subscription; a hub that sends elsewhere (realtime/pg-hub.ts) resolves once what was queued is sent. */
  close(): void | Promise<void>;
}

/**
 * The hub of a single process: per user, the set of its open subscriptions, each with its own queue (an array) of
 * events published and not yet read. A subscription costs a closure and an empty array until something arrives
 * (node's events.on() allocated a large buffer per subscriber; docs/decisions/013-request-cost.md).
 */
export class InProcessHub implements EventHub {
  private channels = new Map<number, Set<(event: UserEvent) => void>>();
  /** One stop function per open subscription: the caller's signal or close() calls it. */
  private open = new Set<() => void>();
  private closed = false;

  publish(userId: number, event: UserEvent) {
    const subscribers = this.channels.get(userId);
    if (!subscribers) return;
    // Counted here, where both hubs hand events to subscribers (a PgHub through its local hub): /metrics.
    const createdAt = event.kind === 'message' ? event.message.createdAt : event.kind === 'notification' ? event.notification.createdAt : undefined;
    for (const deliver of subscribers) {
      deliver(event);
      recordPushed(event.kind, createdAt);
    }
  }

  messageStored(message: MessageShape, userIds: readonly number[]) {
    for (const userId of userIds) this.publish(userId, { kind: 'message', message });
  }

  subscribe(userId: number, signal: AbortSignal): AsyncIterable<UserEvent> {
    // A subscription the client stopped before it began, or one during shutdown: nothing to deliver.
    if (signal.aborted || this.closed) return (async function* () {})();
    const queue: UserEvent[] = [];
    let head = 0;
    let stopped = false;
    let wake: (() => void) | undefined;
    const deliver = (event: UserEvent) => {
      queue.push(event);
      wake?.();
    };
    // Attached now, so what is published between this call and the first read is queued, not lost.
    const subscribers = this.channels.get(userId) ?? new Set();
    this.channels.set(userId, subscribers);
    subscribers.add(deliver);
    const stop = () => {
      if (stopped) return;
      stopped = true;
      subscribers.delete(deliver);
      if (subscribers.size === 0 && this.channels.get(userId) === subscribers) this.channels.delete(userId);
      this.open.delete(stop);
      signal.removeEventListener('abort', stop);
      wake?.();
    };
    signal.addEventListener('abort', stop, { once: true });
    this.open.add(stop);
    return (async function* () {
      try {
        for (;;) {
          // Once stopped, what is still queued is dropped: the subscriber reconnects and replays from the database.
          if (stopped) return;
          if (head < queue.length) {
            const event = queue[head++];
            if (head === queue.length) {
              queue.length = 0;
              head = 0;
            }
            yield event;
            continue;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        stop();
      }
    })();
  }

  /** Open subscriptions of one user (what a leaked subscription would keep). */
  subscribersOf(userId: number): number {
    return this.channels.get(userId)?.size ?? 0;
  }

  /** Open subscriptions (the realtime benchmark reports it). */
  get subscriberCount(): number {
    return this.open.size;
  }

  /**
   * Ends every open subscription and keeps the hub open: a hub that may have missed events (PgHub's listening
   * connection dropped) ends them, so their clients resubscribe and replay from the database.
   */
  endAll() {
    for (const stop of [...this.open]) stop();
    this.open.clear();
    this.channels.clear();
  }

  close() {
    this.closed = true;
    this.endAll();
  }
}
