import { randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import type pg from 'pg';
import type { MessageShape } from '../../shared/schemas/chat';
import type { NotificationShape } from '../../shared/schemas/notification';
import { backoff, closeClient, dedicatedClient, ended } from '../cluster/connection';
import { InProcessHub, SESSIONS_ENDED, type EventHub, type UserEvent } from './hub';
import { EVENTS_CHANNEL, type Wire } from '../store/pg/events';

/**
 * Reads published rows back on the instance that delivers them: a NOTIFY carries ids only (its payload is limited to
 * 8000 bytes, a message is not). Each answers the rows it found, in any order. Given by the app, so the hub does not
 * depend on the services.
 */
export interface EventLoaders {
  messages(ids: readonly number[]): Promise<MessageShape[]>;
  notifications(ids: readonly number[]): Promise<NotificationShape[]>;
}

export interface PgHubOptions {
  pool: pg.Pool;
  load: EventLoaders;
  /**
   * Called when this instance's subscriptions are ended because events may have been missed (the listening connection
   * dropped, or subscriptions were opened while it was down), just before they end. The app closes its WebSockets
   * here: tRPC's client reconnects a closed socket and resubscribes with lastEventId, while a subscription that merely
   * ends ("stopped") is not resubscribed.
   */
  onInterrupted?: () => void;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Reconnect delays of the listening connection (doubling, with jitter). */
  retry?: { firstMs: number; maxMs: number };
  /** How often the listening connection is asked for a sign of life: a silently dead one hears nothing. */
  heartbeatMs?: number;
}

/** Notifications sent in one statement; each is well under 100 bytes. */
const BATCH = 500;
/** Rows loaded in one query. */
const LOAD_BATCH = 500;
const PUBLISH_ATTEMPTS = 5;

/**
 * The event hub of several instances on one PostgreSQL database (docs/product/realtime.md): publish() sends a NOTIFY
 * with ids only, and each instance's one listening connection (LISTEN, a pg.Client of its own) hands what arrives to
 * the subscriptions it holds, loading the rows through `load` — only for users subscribed on that instance.
 *
 * Order and exactly once. An instance sends its notifications one batch at a time, each batch one statement on a pool
 * connection, the next only after the previous committed; PostgreSQL delivers notifications in commit order (and in
 * order within a transaction), so every instance hears one instance's events in the order it published them, whatever
 * connection carried them. A batch retried after a lost answer may arrive twice; the receiver drops what it has
 * seen by (origin, sequence number). Rows are loaded in batches (every id heard in one turn of the event loop in one
 * query, so a burst costs a query, not one per event) and delivered in arrival order. Events of different instances
 * interleave in the order their NOTIFYs committed.
 *
 * A chat message is not published here (messageStored does nothing): the statement that stores it sends its notices
 * itself (store/pg/events.ts, store/pg/chats.ts), in the same commit and under the lock that orders message ids, so
 * notices arrive in id order from every instance and none is lost or sent twice. Every instance, this one too, loads it.
 *
 * publish() is called after the data's transaction committed (EventHub) and sends on a connection of its own, never in
 * the caller's transaction. Events published while the listening connection is down are not heard by this instance;
 * so when it drops, every subscription here ends (after `onInterrupted`), the clients resubscribe with lastEventId and
 * replay from the database, and the hub reconnects with backoff. Subscriptions opened while it was down end when it is
 * back, for the same reason.
 */
export class PgHub implements EventHub {
  private readonly local = new InProcessHub();
  private readonly origin = randomUUID();
  private readonly channel = EVENTS_CHANNEL;
  private seq = 0;
  /** Events published here and not yet heard back: delivered from memory rather than loaded. */
  private readonly pending = new Map<number, UserEvent>();
  private outbox: string[] = [];
  private sending = false;
  private flushed: Promise<void> = Promise.resolve();
  /** Last sequence number heard from each origin (one entry per instance start). */
  private readonly heard = new Map<string, number>();
  /**
   * Each user's deliveries in arrival order (a slow load holds up that user only); a generation ends with the
   * listening connection.
   */
  private readonly deliveries = new Map<number, Promise<void>>();
  private generation = 0;
  private listener: pg.Client | undefined;
  private listenerPid: number | undefined;
  private listening = false;
  private closed = false;
  private waiters: (() => void)[] = [];
  private wake: (() => void) | undefined;
  private readonly running: Promise<void>;
  private readonly messages: DataLoader<number, MessageShape | undefined>;
  private readonly notifications: DataLoader<number, NotificationShape | undefined>;

  constructor(private readonly opts: PgHubOptions) {
    this.messages = this.batchLoader('m', opts.load.messages);
    this.notifications = this.batchLoader('n', opts.load.notifications);
    this.running = this.listen();
  }

  publish(userId: number, event: UserEvent): void {
    if (this.closed) return;
    const s = ++this.seq;
    const wire: Wire =
      event.kind === 'message'
        ? { o: this.origin, s, u: userId, k: 'm', i: event.message.id }
        : event.kind === 'notification'
          ? { o: this.origin, s, u: userId, k: 'n', i: event.notification.id }
          : { o: this.origin, s, u: userId, k: 'e' };
    if (event.kind !== 'sessions-ended' && this.listening) this.pending.set(s, event);
    this.outbox.push(JSON.stringify(wire));
    this.flush();
  }

  /** Nothing to send: the statement that stored the message told every instance, this one too, in its commit. */
  messageStored(): void {}

  subscribe(userId: number, signal: AbortSignal): AsyncIterable<UserEvent> {
    return this.local.subscribe(userId, signal);
  }

  /** Resolves once the listening connection listens (at start, and again after a reconnect). */
  whenListening(): Promise<void> {
    if (this.listening || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The server process of the listening connection (tests end it to stand for a dropped connection). */
  get listenerBackendPid(): number | undefined {
    return this.listenerPid;
  }

  get subscriberCount(): number {
    return this.local.subscriberCount;
  }

  /** Whether the listening connection listens now (the readiness probe, /readyz). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Ends every subscription, sends what is still queued and closes the listening connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.local.close();
    for (const resolve of this.waiters.splice(0)) resolve();
    this.wake?.();
    while (this.sending) await this.flushed;
    if (this.listener) await closeClient(this.listener);
    await this.running;
  }

  private flush() {
    if (this.sending || this.outbox.length === 0) return;
    this.sending = true;
    const batch = this.outbox.splice(0, BATCH);
    this.flushed = this.send(batch).finally(() => {
      this.sending = false;
      this.flush();
    });
  }

  private async send(batch: string[]) {
    for (let attempt = 0; ; attempt++) {
      try {
        // unnest reads the array in order, so the batch's NOTIFYs are queued (and delivered) in publish order.
        await this.opts.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [this.channel, batch]);
        return;
      } catch (err) {
        if (attempt + 1 >= PUBLISH_ATTEMPTS) {
          // Subscribers elsewhere miss these live; they see them at their next reload or resubscription.
          this.opts.log?.error({ err, events: batch.length }, 'event hub: publish failed');
          return;
        }
        await new Promise((r) => setTimeout(r, backoff(attempt, 50, 1000)));
      }
    }
  }

  private async listen() {
    const retry = this.opts.retry ?? { firstMs: 250, maxMs: 10_000 };
    for (let attempt = 0; !this.closed; ) {
      const client = (this.listener = dedicatedClient(this.opts.pool));
      const gone = ended(client);
      try {
        await client.connect();
        if (this.closed) throw new Error('closed');
        client.on('notification', (msg) => this.heardNotification(msg));
        await client.query(`LISTEN ${this.channel}`);
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        this.listenerPid = rows[0].pid;
      } catch (err) {
        await closeClient(client);
        if (this.closed) return;
        this.opts.log?.warn({ err }, 'event hub: cannot listen, retrying');
        await this.pause(backoff(attempt++, retry.firstMs, retry.maxMs));
        continue;
      }
      attempt = 0;
      this.listening = true;
      // Opened while nothing was heard: they may have missed events.
      if (this.local.subscriberCount > 0) this.interrupt();
      for (const resolve of this.waiters.splice(0)) resolve();
      // A query unanswered within the client's query timeout means the connection is dead: it is ended, and 'gone'.
      const heartbeat = setInterval(() => {
        client.query('SELECT 1').catch(() => closeClient(client));
      }, this.opts.heartbeatMs ?? 15_000);
      await gone;
      clearInterval(heartbeat);
      this.listening = false;
      this.listener = undefined;
      this.listenerPid = undefined;
      if (this.closed) return;
      this.opts.log?.warn({}, 'event hub: listening connection lost, reconnecting');
      this.interrupt();
      await this.pause(backoff(attempt++, retry.firstMs, retry.maxMs));
    }
  }

  /** Waits before reconnecting; close() cuts it short. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** Ends every subscription of this instance (after telling the app), dropping deliveries under way. */
  private interrupt() {
    this.generation++;
    this.pending.clear();
    this.opts.onInterrupted?.();
    this.local.endAll();
  }

  private heardNotification(msg: pg.Notification) {
    if (msg.channel !== this.channel || !msg.payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(msg.payload) as Wire;
    } catch {
      return;
    }
    let event: UserEvent | undefined;
    // Published by a hub: dropped when heard before. A notice without an origin came with its row's commit.
    if (wire.o !== undefined && wire.s !== undefined) {
      const { o: origin, s: seq } = wire;
      if ((this.heard.get(origin) ?? 0) >= seq) return;
      this.heard.set(origin, seq);
      if (origin === this.origin) {
        event = this.pending.get(seq);
        // Ours arrive in order: anything older is not coming back.
        for (const s of this.pending.keys()) {
          if (s > seq) break;
          this.pending.delete(s);
        }
      }
    }
    if (this.local.subscribersOf(wire.u) === 0) return;
    const generation = this.generation;
    const ready = event ?? this.eventOf(wire);
    const delivered: Promise<void> = (this.deliveries.get(wire.u) ?? Promise.resolve()).then(async () => {
      const e = await ready;
      if (e && generation === this.generation && !this.closed) this.local.publish(wire.u, e);
      if (this.deliveries.get(wire.u) === delivered) this.deliveries.delete(wire.u);
    });
    this.deliveries.set(wire.u, delivered);
  }

  /** Loads under way by kind and id: a message is published to both its participants, and is read once for both. */
  private readonly loading = new Map<string, Promise<UserEvent | undefined>>();

  private eventOf(wire: Wire): Promise<UserEvent | undefined> {
    if (wire.k === 'e') return Promise.resolve(SESSIONS_ENDED);
    const key = `${wire.k}${wire.i}`;
    let load = this.loading.get(key);
    if (!load) {
      load = this.load(wire);
      this.loading.set(key, load);
      void load.finally(() => this.loading.delete(key));
    }
    return load;
  }

  private async load(wire: Wire): Promise<UserEvent | undefined> {
    if (wire.k === 'm') {
      const message = await this.messages.load(wire.i!);
      return message && { kind: 'message', message };
    }
    const notification = await this.notifications.load(wire.i!);
    return notification && { kind: 'notification', notification };
  }

  /**
   * Loads of one kind, batched: the ids asked for until the event loop has handled what arrived go in one query.
   * Never rejects: a row that is gone or a query that failed is undefined, and the subscriber sees it at its next
   * resubscription or reload.
   */
  private batchLoader<T extends { id: number }>(kind: Wire['k'], loadMany: (ids: readonly number[]) => Promise<T[]>) {
    return new DataLoader<number, T | undefined>(
      async (ids) => {
        try {
          const byId = new Map((await loadMany(ids)).map((row) => [row.id, row]));
          return ids.map((id) => byId.get(id));
        } catch (err) {
          this.opts.log?.error({ err, kind, ids: ids.length }, 'event hub: loading events failed');
          return ids.map(() => undefined);
        }
      },
      // The hub's own `loading` map shares a load under way; DataLoader's cache would keep every row forever.
      { cache: false, maxBatchSize: LOAD_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
  }
}
