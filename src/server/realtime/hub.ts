import { EventEmitter, on } from 'node:events';
import type { MessageShape } from '../../shared/schemas/chat';
import type { NotificationShape } from '../../shared/schemas/notification';

/**
 * What is pushed to a user (docs/product/realtime.md). Every event is already committed to the database, and its id is
 * the row's id, so a reconnecting subscriber can be given exactly what it missed from the database.
 */
export type UserEvent =
  | { kind: 'message'; message: MessageShape }
  | { kind: 'notification'; notification: NotificationShape };

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
   * The user's events from this call on (buffered until read, so nothing published between this call and the first
   * read is lost); ends when `signal` aborts or the hub closes.
   */
  subscribe(userId: number, signal: AbortSignal): AsyncIterable<UserEvent>;
  close(): void;
}

/** The hub of a single process: a Node EventEmitter with a channel per user. */
export class InProcessHub implements EventHub {
  private emitter = new EventEmitter();
  /** One controller per open subscription: the caller's signal or close() aborts it, and it detaches the listener. */
  private open = new Set<AbortController>();
  private closed = false;

  constructor() {
    // One listener per open subscription; a thousand users each with a tab or two is normal.
    this.emitter.setMaxListeners(0);
  }

  publish(userId: number, event: UserEvent) {
    this.emitter.emit(channelOf(userId), event);
  }

  subscribe(userId: number, signal: AbortSignal): AsyncIterable<UserEvent> {
    // A subscription the client stopped before it began, or one during shutdown: nothing to deliver (events.on would
    // throw on an aborted signal).
    if (signal.aborted || this.closed) return (async function* () {})();
    const stop = new AbortController();
    const end = () => {
      stop.abort();
      this.open.delete(stop);
      signal.removeEventListener('abort', end);
    };
    signal.addEventListener('abort', end, { once: true });
    this.open.add(stop);
    // events.on() attaches its listener now and queues what arrives until it is read; aborting `stop` detaches it.
    const source = on(this.emitter, channelOf(userId), { signal: stop.signal });
    return (async function* () {
      try {
        for await (const [event] of source) yield event as UserEvent;
      } catch (err) {
        if ((err as Error).name !== 'AbortError') throw err;
      } finally {
        end();
      }
    })();
  }

  /** Open subscriptions (the realtime benchmark reports it). */
  get subscriberCount(): number {
    return this.open.size;
  }

  close() {
    this.closed = true;
    for (const stop of [...this.open]) stop.abort();
    this.open.clear();
    this.emitter.removeAllListeners();
  }
}

const channelOf = (userId: number) => `user:${userId}`;
