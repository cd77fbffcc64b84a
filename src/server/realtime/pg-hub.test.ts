import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { PgStore, Store } from '../store';
import { createTestStore, instancePool } from '../testing/stores';
import { SESSIONS_ENDED, type UserEvent } from './hub';
import { PgHub, type EventLoaders } from './pg-hub';

// Two app instances on one database (docs/decisions/018-postgresql.md): two pools, a PgHub on each. An event published
// on one reaches the subscribers on the other once, in the order it was published, read back through the loaders.

const until = async (check: () => boolean, ms = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Loaders that make the rows from their ids after a random delay, answered in reverse order, so later batches often
 * load first. `queries` counts the calls: a batch is one query.
 */
function slowLoaders() {
  const loaded: number[] = [];
  let queries = 0;
  const load: EventLoaders = {
    async messages(ids) {
      queries++;
      loaded.push(...ids);
      await sleep(Math.random() * 5);
      return ids.map((id) => ({ id, chatId: 1, senderId: 1, senderDisplayName: 'Kari', content: `melding ${id}`, createdAt: new Date(0).toISOString(), warning: false })).reverse();
    },
    async notifications(ids) {
      queries++;
      loaded.push(...ids);
      await sleep(Math.random() * 5);
      return ids.map((id) => ({ id, type: 'chat_message', title: 'Ny melding', message: `varsel ${id}`, data: null, read: false, createdAt: new Date(0).toISOString() }) as never).reverse();
    },
  };
  return { load, loaded, queries: () => queries };
}

const message = (id: number): UserEvent => ({
  kind: 'message',
  message: { id, chatId: 1, senderId: 1, senderDisplayName: 'Kari', content: `melding ${id}`, createdAt: new Date(0).toISOString(), warning: false },
});

/** Reads a subscription in the background, as tRPC would. */
function collect(hub: PgHub, userId: number) {
  const controller = new AbortController();
  const events: UserEvent[] = [];
  const done = (async () => {
    for await (const event of hub.subscribe(userId, controller.signal)) events.push(event);
  })();
  const ids = () => events.map((e) => (e.kind === 'message' ? e.message.id : e.kind === 'notification' ? e.notification.id : -1));
  return { events, ids, done, stop: () => controller.abort() };
}

describe('PgHub across two instances', () => {
  let store: Store;
  let pools: pg.Pool[];
  const hubs: PgHub[] = [];
  let interruptedB = 0;
  let loadsA: ReturnType<typeof slowLoaders>;
  let loadsB: ReturnType<typeof slowLoaders>;
  let a: PgHub;
  let b: PgHub;

  beforeAll(async () => {
    store = await createTestStore('pg');
    pools = [(store as PgStore).db.$client, instancePool(store, 4)];
    loadsA = slowLoaders();
    loadsB = slowLoaders();
    a = new PgHub({ pool: pools[0], load: loadsA.load });
    b = new PgHub({ pool: pools[1], load: loadsB.load, onInterrupted: () => interruptedB++, retry: { firstMs: 300, maxMs: 600 } });
    hubs.push(a, b);
    await Promise.all(hubs.map((h) => h.whenListening()));
  });
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.close()));
    await pools[1].end();
    await store.close();
  });

  it('delivers every event to the subscribers on both instances exactly once, in each publisher’s order', async () => {
    const onB = collect(b, 1);
    const onA = collect(a, 1);
    const otherOnB = collect(b, 2);
    // Four concurrent tasks on A and two on B publish, with pauses in between, so their publishes interleave.
    const publishedByA: number[] = [];
    const publishedByB: number[] = [];
    let next = 0;
    const publisher = async (hub: PgHub, log: number[], count: number) => {
      for (let i = 0; i < count; i++) {
        const id = ++next;
        hub.publish(1, message(id));
        log.push(id);
        if (i % 7 === 0) hub.publish(3, message(100_000 + id)); // nobody subscribes to user 3
        if (Math.random() < 0.3) await sleep(Math.random() * 3);
      }
    };
    await Promise.all([
      publisher(a, publishedByA, 150),
      publisher(a, publishedByA, 150),
      publisher(a, publishedByA, 150),
      publisher(a, publishedByA, 150),
      publisher(b, publishedByB, 150),
      publisher(b, publishedByB, 150),
    ]);
    b.publish(2, message(999_999));
    const total = publishedByA.length + publishedByB.length;
    await until(() => onB.events.length >= total && onA.events.length >= total && otherOnB.events.length >= 1);
    await sleep(200); // anything duplicated would arrive by now

    for (const sub of [onA, onB]) {
      const ids = sub.ids();
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      expect(ids.filter((id) => publishedByA.includes(id))).toEqual(publishedByA);
      expect(ids.filter((id) => publishedByB.includes(id))).toEqual(publishedByB);
    }
    expect(otherOnB.ids()).toEqual([999_999]);
    // Rows are loaded by the instance that did not publish them, and only for users subscribed there.
    expect([...loadsB.loaded].sort((x, y) => x - y)).toEqual([...publishedByA].sort((x, y) => x - y));
    expect([...loadsA.loaded].sort((x, y) => x - y)).toEqual([...publishedByB].sort((x, y) => x - y));
    // What arrives together is loaded together.
    expect(loadsB.queries()).toBeLessThan(publishedByA.length / 2);
    for (const sub of [onA, onB, otherOnB]) sub.stop();
    await Promise.all([onA.done, onB.done, otherOnB.done]);
  });

  it('carries a sessions-ended event to the user’s subscriptions on the other instance', async () => {
    const onB = collect(b, 5);
    const otherOnB = collect(b, 6);
    a.publish(5, SESSIONS_ENDED);
    await until(() => onB.events.length === 1);
    expect(onB.events).toEqual([SESSIONS_ENDED]);
    a.publish(6, message(77));
    await until(() => otherOnB.events.length === 1);
    expect(otherOnB.ids()).toEqual([77]);
    onB.stop();
    otherOnB.stop();
    await Promise.all([onB.done, otherOnB.done]);
  });

  it('ends the subscriptions of an instance whose listening connection drops, reconnects and delivers again', async () => {
    const before = collect(b, 1);
    a.publish(1, message(5001));
    await until(() => before.events.length === 1);
    const pid = b.listenerBackendPid!;
    const interrupted = interruptedB;

    await pools[0].query('SELECT pg_terminate_backend($1)', [pid]);
    await before.done; // ended by the hub, not by its caller
    expect(interruptedB).toBe(interrupted + 1);
    expect(b.subscriberCount).toBe(0);

    // Subscribed while nothing is heard: it may miss events, so it is ended too once the hub listens again.
    const during = collect(b, 1);
    a.publish(1, message(5002)); // B hears nothing now
    await until(() => b.listenerBackendPid !== undefined && b.listenerBackendPid !== pid);
    await during.done;
    expect(during.ids()).toEqual([]);
    expect(interruptedB).toBe(interrupted + 2);

    const after = collect(b, 1);
    a.publish(1, message(5003));
    await until(() => after.events.length === 1);
    expect(after.ids()).toEqual([5003]);
    after.stop();
    await after.done;
  });

  it('skips rows that cannot be loaded (gone, or the database failed) and delivers the rest in order', async () => {
    const errors: object[] = [];
    const { load } = slowLoaders();
    const c = new PgHub({
      pool: pools[1],
      load: {
        ...load,
        messages: (ids) => (ids.includes(13) ? Promise.reject(new Error('boom')) : load.messages(ids.filter((id) => id !== 15))),
      },
      log: { warn: () => {}, error: (obj) => errors.push(obj) },
    });
    await c.whenListening();
    const onC = collect(c, 11);
    for (let id = 10; id <= 12; id++) a.publish(11, message(id));
    await until(() => onC.events.length === 3);
    a.publish(11, message(13));
    await until(() => errors.length === 1);
    for (let id = 14; id <= 17; id++) a.publish(11, message(id));
    await until(() => onC.events.length === 6);
    expect(onC.ids()).toEqual([10, 11, 12, 14, 16, 17]);
    expect(errors).toHaveLength(1);
    await c.close();
    await onC.done;
  });

  it('ends its subscriptions when closed and sends what was published before', async () => {
    const c = new PgHub({ pool: pools[1], load: slowLoaders().load });
    await c.whenListening();
    const onC = collect(c, 9);
    const onA = collect(a, 9);
    for (let id = 1; id <= 50; id++) c.publish(9, message(id));
    await c.close();
    await onC.done;
    await until(() => onA.events.length === 50);
    expect(onA.ids()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    onA.stop();
    await onA.done;
  });
});
