import { createTRPCClient, createWSClient, wsLink, type TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageShape } from '../../shared/schemas/chat';
import type { NotificationShape } from '../../shared/schemas/notification';
import { closeDatabase, type Db } from '../../../db/client';
import { sessions } from '../../../db/schema';
import { createSession, generateSessionToken, sessionIdFromToken } from '../auth/session';
import { createTestDb, createUser, json, loggedInUser, storeOf, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import type { AppRouter } from '../trpc/root';
import { InProcessHub, type UserEvent } from './hub';
import { subscribeWithReplay } from './subscription';
import { createSqliteStore } from '../store';
import { closedAfterEachTest, listeningTestApp, socketWith } from '../testing/sockets';

// docs/product/realtime.md: chats.onMessage and notifications.onNotification over the websocket, authenticated by the
// session cookie on the upgrade. A subscriber gets its own events only, each once, in order; given lastEventId it first
// gets exactly what it missed, from the database.

type User = Awaited<ReturnType<typeof loggedInUser>>;


let t: TestApp;
const original = InProcessHub.prototype.subscribe;
let host: string;
const opened = closedAfterEachTest();
beforeAll(async () => ({ t, host } = await listeningTestApp()));
afterAll(() => t.close());

/** A browser tab: a websocket to /trpc with (or without) the user's cookie. */
function tab(user: User | null, opts: { origin?: string; retryDelayMs?: number } = {}) {
  const headers: Record<string, string> = { origin: opts.origin ?? `http://${host}` };
  if (user) headers.cookie = user.cookie;
  const wsClient = createWSClient({
    url: `ws://${host}/trpc`,
    WebSocket: socketWith(headers) as never,
    retryDelayMs: () => opts.retryDelayMs ?? 50,
  });
  opened.push(wsClient);
  return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }), wsClient };
}

interface Feed<T> {
  /** Events received so far, as `{id, data}` (the tracked id is the row id). */
  events: { id: string; data: T }[];
  started: Promise<void>;
  error: Promise<TRPCClientError<AppRouter>>;
  /** Resolves once `n` events have arrived (fails the test after a while). */
  until(n: number): Promise<{ id: string; data: T }[]>;
  stop(): void;
}

function feed<T>(
  subscribe: (handlers: {
    onStarted: () => void;
    onData: (e: { id: string; data: T }) => void;
    onError: (err: TRPCClientError<AppRouter>) => void;
  }) => { unsubscribe(): void },
): Feed<T> {
  const events: { id: string; data: T }[] = [];
  const waiters: (() => void)[] = [];
  let started!: () => void;
  let failed!: (err: TRPCClientError<AppRouter>) => void;
  const f: Partial<Feed<T>> = {
    events,
    started: new Promise<void>((r) => (started = r)),
    error: new Promise((r) => (failed = r)),
  };
  const sub = subscribe({
    onStarted: () => started(),
    onData: (e) => {
      events.push(e);
      waiters.splice(0).forEach((w) => w());
    },
    onError: (err) => failed(err),
  });
  f.stop = () => sub.unsubscribe();
  f.until = async (n) => {
    const deadline = Date.now() + 5000;
    while (events.length < n) {
      if (Date.now() > deadline) throw new Error(`expected ${n} events, got ${events.length}: ${JSON.stringify(events)}`);
      await Promise.race([new Promise<void>((r) => waiters.push(r)), new Promise((r) => setTimeout(r, 100))]);
    }
    return events;
  };
  return f as Feed<T>;
}

const messagesFor = (client: ReturnType<typeof tab>['client'], lastEventId?: string) =>
  feed<MessageShape>((h) => client.chats.onMessage.subscribe(lastEventId === undefined ? undefined : { lastEventId }, h));
const notificationsFor = (client: ReturnType<typeof tab>['client'], lastEventId?: string) =>
  feed<NotificationShape>((h) => client.notifications.onNotification.subscribe(lastEventId === undefined ? undefined : { lastEventId }, h));

function post(url: string, who: User, body: unknown) {
  return t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
async function send(who: User, chatId: number, content: string): Promise<MessageShape> {
  const res = await post('/api/messages', who, { chatId, content });
  expect(res.statusCode).toBe(201);
  return json(res);
}
/** A seller with a listing, and a buyer whose chat about it has `first` as its first message. */
async function conversation(first = 'Hei! Er bilen ledig?') {
  const seller = await loggedInUser(t.store);
  const buyer = await loggedInUser(t.store);
  const listing = await insertListing(t.store, seller.user.id);
  const res = await post('/api/chats/start', buyer, { listingId: listing.id, sellerId: seller.user.id, message: first });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, listingId: listing.id, chatId: json(res).chatId as number };
}
const contents = (events: { data: MessageShape }[]) => events.map((e) => e.data.content);

describe('chats.onMessage', () => {
  it('pushes a message to both participants (the sender’s other tabs too), with the row id as event id', async () => {
    const c = await conversation();
    const sellerFeed = messagesFor(tab(c.seller).client);
    const buyerFeed = messagesFor(tab(c.buyer).client);
    await Promise.all([sellerFeed.started, buyerFeed.started]);

    const sent = await send(c.buyer, c.chatId, 'Kan jeg komme på visning i morgen?');
    const [toSeller] = await sellerFeed.until(1);
    const [toBuyer] = await buyerFeed.until(1);
    expect(toSeller).toEqual({ id: String(sent.id), data: sent });
    expect(toBuyer).toEqual({ id: String(sent.id), data: sent });
  });

  it('never carries another user’s messages: a third user hears only their own', async () => {
    const c = await conversation();
    const own = await conversation(); // eve is this chat's buyer
    const eve = own.buyer;
    const eveFeed = messagesFor(tab(eve).client);
    const sellerFeed = messagesFor(tab(c.seller).client);
    await Promise.all([eveFeed.started, sellerFeed.started]);

    await send(c.buyer, c.chatId, 'Hemmelig bud: 250 000 kr');
    await send(c.seller, c.chatId, 'Takk, jeg tenker på det.');
    await post('/api/chats/start', c.buyer, { listingId: c.listingId, sellerId: c.seller.user.id, message: 'Eller 260 000?' });
    // Eve's own message comes after the others on the same socket: anything of theirs would have arrived first.
    const mine = await send(eve, own.chatId, 'Min egen melding');
    await eveFeed.until(1);
    await sellerFeed.until(3);
    expect(eveFeed.events).toEqual([{ id: String(mine.id), data: mine }]);
    expect(contents(sellerFeed.events)).toEqual(['Hemmelig bud: 250 000 kr', 'Takk, jeg tenker på det.', 'Eller 260 000?']);
  });

  it('refuses a visitor, and a socket opened by another site even with the cookie', async () => {
    const c = await conversation();
    for (const [who, origin] of [
      [null, undefined],
      [c.buyer, 'https://evil.example'],
    ] as const) {
      const { client } = tab(who, { origin });
      const messagesFeed = messagesFor(client);
      const notificationsFeed = notificationsFor(client);
      for (const f of [messagesFeed, notificationsFeed]) {
        const err = await f.error;
        expect(err.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
        expect(err.message).toBe('Du må være innlogget.');
      }
      await send(c.seller, c.chatId, 'Er det noen der?');
      expect(messagesFeed.events).toEqual([]);
    }
  });

  it('replays exactly what a tab missed while closed (lastEventId), in order, then goes on live', async () => {
    const c = await conversation();
    const other = await conversation(); // the buyer's other chat, with another seller
    const otherBuyers = await conversation(); // someone else's chat: never replayed to this buyer
    const start = await post('/api/chats/start', c.buyer, { listingId: other.listingId, sellerId: other.seller.user.id, message: 'Hei!' });
    const secondChat = json(start).chatId as number;

    const first = tab(c.buyer);
    const before = messagesFor(first.client);
    await before.started;
    await send(c.seller, c.chatId, 'Svar 1');
    await send(c.seller, c.chatId, 'Svar 2');
    await before.until(2);
    const seen = before.events.at(-1)!.id;
    await first.wsClient.close();

    // While the tab is closed: its chats get three messages, someone else's one.
    const missed = [
      await send(c.seller, c.chatId, 'Svar 3'),
      await send(otherBuyers.seller, otherBuyers.chatId, 'Ikke til deg'),
      await send(other.seller, secondChat, 'Fra den andre selgeren'),
      await send(c.buyer, c.chatId, 'Fra meg selv i en annen fane'),
    ].filter((m) => m.content !== 'Ikke til deg');

    const after = messagesFor(tab(c.buyer).client, seen);
    await after.until(3);
    const live = await send(c.seller, c.chatId, 'Svar 4 (live)');
    await after.until(4);
    await new Promise((r) => setTimeout(r, 100));
    expect(after.events).toEqual([...missed, live].map((m) => ({ id: String(m.id), data: m })));
  });

  it('delivers once what is stored while the subscription starts (replay and live overlap)', async () => {
    const c = await conversation();
    const first = tab(c.buyer);
    const before = messagesFor(first.client);
    await before.started;
    const m1 = await send(c.seller, c.chatId, 'Før');
    await before.until(1);
    await first.wsClient.close();

    // Subscribe and write at once: each message is either replayed or live (or both, then filtered), never lost or doubled.
    const after = messagesFor(tab(c.buyer).client, String(m1.id));
    const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => send(c.seller, c.chatId, `Samtidig ${i}`)));
    await after.until(10);
    await new Promise((r) => setTimeout(r, 100));
    expect(after.events.map((e) => e.data.id)).toEqual(sent.map((m) => m.id).sort((a, b) => a - b));
  });

  it('catches up by itself when the connection drops (the client resubscribes with the last id it saw)', async () => {
    const c = await conversation();
    const { client } = tab(c.buyer, { retryDelayMs: 300 });
    const f = messagesFor(client);
    await f.started;
    const m1 = await send(c.seller, c.chatId, 'Før bruddet');
    await f.until(1);

    for (const socket of t.app.websocketServer.clients) socket.terminate();
    const during = [await send(c.seller, c.chatId, 'Under bruddet 1'), await send(c.seller, c.chatId, 'Under bruddet 2')];
    await f.until(3);
    const m4 = await send(c.seller, c.chatId, 'Etter bruddet');
    await f.until(4);
    await new Promise((r) => setTimeout(r, 100));
    expect(f.events.map((e) => e.data)).toEqual([m1, ...during, m4]);
  });

  it('ends with the session: after logging out, the open socket carries nothing more of the user’s', async () => {
    const c = await conversation();
    const { client } = tab(c.buyer);
    const messagesFeed = messagesFor(client);
    const notificationsFeed = notificationsFor(client);
    await Promise.all([messagesFeed.started, notificationsFeed.started]);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: c.buyer.cookie } });
    expect(logout.statusCode).toBeLessThan(300);

    // The socket stays open (a browser keeps it for the next user of the page), but the logged-out user's chat and
    // notifications no longer flow through it.
    await send(c.seller, c.chatId, 'Privat: adressen min er Storgata 5');
    const err = await messagesFeed.error;
    expect(err.data).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(messagesFeed.events).toEqual([]);
    const later = messagesFor(client, '0');
    expect((await later.error).data).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(later.events).toEqual([]);
  });

  it('lets go of the hub subscription when the tab goes away', async () => {
    const c = await conversation();
    const hubs = new Set<InProcessHub>();
    const spy = vi.spyOn(InProcessHub.prototype, 'subscribe').mockImplementation(function (this: InProcessHub, ...args) {
      hubs.add(this);
      return original.apply(this, args);
    });
    const { wsClient, client } = tab(c.buyer);
    try {
      const f = messagesFor(client);
      const n = notificationsFor(client);
      await Promise.all([f.started, n.started]);
      await send(c.seller, c.chatId, 'Hei');
      await f.until(1);
      const [hub] = [...hubs];
      expect(hubs.size).toBe(1);
      expect(hub.subscriberCount).toBeGreaterThanOrEqual(2);
      const before = hub.subscriberCount;
      await wsClient.close();
      await expect.poll(() => hub.subscriberCount).toBeLessThanOrEqual(before - 2);
    } finally {
      spy.mockRestore();
    }
  });

  it('never replays a chat the user deleted, and replays what came after it (lastEventId "0")', async () => {
    const c = await conversation('Gammel melding før slettingen');
    await send(c.seller, c.chatId, 'Svar før slettingen');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/chats/${c.chatId}`, headers: { cookie: c.buyer.cookie } });
    expect(del.statusCode).toBeLessThan(300);

    const replay = messagesFor(tab(c.buyer).client, '0');
    await replay.started;
    await new Promise((r) => setTimeout(r, 150));
    expect(replay.events).toEqual([]);

    // A new message brings the chat back, with only what came after the deletion (docs/product/chats.md).
    const after = await send(c.seller, c.chatId, 'Ny melding etter slettingen');
    await replay.until(1);
    const again = messagesFor(tab(c.buyer).client, '0');
    await again.until(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.events.map((e) => e.data)).toEqual([after]);
    // The seller did not delete it: their replay still has the whole conversation.
    const sellerReplay = messagesFor(tab(c.seller).client, '0');
    await sellerReplay.until(3);
    expect(contents(sellerReplay.events)).toEqual(['Gammel melding før slettingen', 'Svar før slettingen', 'Ny melding etter slettingen']);
  });

  it('with a lastEventId that is not an event id, starts afresh without replay', async () => {
    const c = await conversation();
    const f = messagesFor(tab(c.buyer).client, 'abc');
    await f.started;
    const m = await send(c.seller, c.chatId, 'Ny');
    await f.until(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(f.events.map((e) => e.data)).toEqual([m]);
  });
});

describe('notifications.onNotification', () => {
  it('pushes a user’s new notifications to them alone', async () => {
    const seller = await loggedInUser(t.store);
    const buyer = await loggedInUser(t.store);
    const eve = await loggedInUser(t.store);
    const listing = await insertListing(t.store, seller.user.id, { make: 'Volvo', model: 'XC40' });
    const eveListing = await insertListing(t.store, eve.user.id);
    const sellerFeed = notificationsFor(tab(seller).client);
    const buyerFeed = notificationsFor(tab(buyer).client);
    const eveFeed = notificationsFor(tab(eve).client);
    await Promise.all([sellerFeed.started, buyerFeed.started, eveFeed.started]);

    await post('/api/chats/start', buyer, { listingId: listing.id, sellerId: seller.user.id, message: 'Er den ledig?' });
    await post('/api/inquiries', buyer, { listingId: listing.id, name: 'Kari', email: 'kari@example.no', message: 'Hva koster den?' });
    // Eve's own, last on her socket.
    await post('/api/chats/start', buyer, { listingId: eveListing.id, sellerId: eve.user.id, message: 'Hei Eva' });

    const [chat, inquiry] = await sellerFeed.until(2);
    const stored = json<NotificationShape[]>(await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: seller.cookie } }));
    expect([inquiry, chat]).toEqual(stored.map((n) => ({ id: String(n.id), data: n })));
    await eveFeed.until(1);
    expect(eveFeed.events).toHaveLength(1);
    expect(eveFeed.events[0].data.data).toMatchObject({ listingId: eveListing.id });
    expect(buyerFeed.events).toEqual([]);
  });

  it('replays the notifications a tab missed, then goes on live', async () => {
    const seller = await loggedInUser(t.store);
    const listing = await insertListing(t.store, seller.user.id);
    const buyers = await Promise.all([1, 2, 3, 4].map(() => loggedInUser(t.store)));
    const startBy = (b: User) => post('/api/chats/start', b, { listingId: listing.id, sellerId: seller.user.id, message: 'Hei' });

    const first = tab(seller);
    const before = notificationsFor(first.client);
    await before.started;
    await startBy(buyers[0]);
    await before.until(1);
    await first.wsClient.close();
    await startBy(buyers[1]);
    await startBy(buyers[2]);

    const after = notificationsFor(tab(seller).client, before.events[0].id);
    await after.until(2);
    await startBy(buyers[3]);
    await after.until(3);
    await new Promise((r) => setTimeout(r, 100));
    const stored = json<NotificationShape[]>(await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: seller.cookie } }));
    expect(after.events.map((e) => e.data)).toEqual(stored.slice(0, 3).reverse());
  });
});

describe('the event hub', () => {
  const event = (id: number): UserEvent => ({
    kind: 'notification',
    notification: { id, type: 'info', title: `Varsel ${id}`, message: '', data: null, read: false, createdAt: new Date(0).toISOString() },
  });
  const ids = (events: UserEvent[]) => events.map((e) => (e.kind === 'notification' ? e.notification.id : e.kind === 'message' ? e.message.id : 0));

  /** The hub's subscribers on a user's channel: what a leaked subscription would keep. */
  const listenersOf = (hub: InProcessHub, userId: number) => hub.subscribersOf(userId);

  async function drain(iterable: AsyncIterable<UserEvent>, out: UserEvent[]) {
    for await (const e of iterable) out.push(e);
  }

  it('keeps what is published between subscribe and the first read, for that user only', async () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    const mine = hub.subscribe(1, abort.signal);
    const theirs = hub.subscribe(2, abort.signal);
    hub.publish(1, event(10));
    hub.publish(2, event(20));
    hub.publish(1, event(11));
    const got: UserEvent[] = [];
    const other: UserEvent[] = [];
    const done = Promise.all([drain(mine, got), drain(theirs, other)]);
    await new Promise((r) => setImmediate(r));
    hub.publish(1, event(12));
    await new Promise((r) => setImmediate(r));
    abort.abort();
    await done;
    expect(ids(got)).toEqual([10, 11, 12]);
    expect(ids(other)).toEqual([20]);
  });

  it('delivers to every subscription of the user (several tabs)', async () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    const a: UserEvent[] = [];
    const b: UserEvent[] = [];
    const done = Promise.all([drain(hub.subscribe(7, abort.signal), a), drain(hub.subscribe(7, abort.signal), b)]);
    hub.publish(7, event(1));
    await new Promise((r) => setImmediate(r));
    abort.abort();
    await done;
    expect(ids(a)).toEqual([1]);
    expect(ids(b)).toEqual([1]);
  });

  it('ends iteration when the signal aborts, and lets go of the subscription', async () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    const got: UserEvent[] = [];
    const done = drain(hub.subscribe(3, abort.signal), got);
    expect(hub.subscriberCount).toBe(1);
    expect(listenersOf(hub, 3)).toBe(1);
    abort.abort();
    await expect(done).resolves.toBeUndefined();
    expect(hub.subscriberCount).toBe(0);
    expect(listenersOf(hub, 3)).toBe(0);
    hub.publish(3, event(1));
    expect(got).toEqual([]);
  });

  it('lets go of a subscription that was never read once its signal aborts (a client that left at once)', () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    hub.subscribe(6, abort.signal);
    expect(listenersOf(hub, 6)).toBe(1);
    abort.abort();
    expect(hub.subscriberCount).toBe(0);
    expect(listenersOf(hub, 6)).toBe(0);
  });

  it('ends every iteration when the hub closes', async () => {
    const hub = new InProcessHub();
    const got: UserEvent[] = [];
    const done = drain(hub.subscribe(4, new AbortController().signal), got);
    hub.close();
    await expect(done).resolves.toBeUndefined();
  });

  it('yields nothing for an already aborted signal or a closed hub, without throwing', async () => {
    const hub = new InProcessHub();
    const got: UserEvent[] = [];
    await drain(hub.subscribe(5, AbortSignal.abort()), got);
    hub.close();
    await drain(hub.subscribe(5, new AbortController().signal), got);
    hub.publish(5, event(1));
    expect(got).toEqual([]);
    expect(hub.subscriberCount).toBe(0);
  });
});

describe('subscribeWithReplay', () => {
  let db: Db;
  let session: { id: string };
  beforeAll(async () => {
    db = createTestDb();
    const { user } = await createUser(db);
    const token = generateSessionToken();
    await createSession(storeOf(db), token, user.id);
    session = { id: sessionIdFromToken(token) };
  });
  afterAll(() => closeDatabase(db));
  const ctxOf = (hub: InProcessHub) => ({ hub, store: createSqliteStore(db, false), user: { id: 1 }, session });

  const message = (id: number): MessageShape => ({ id, chatId: 1, senderId: 2, senderDisplayName: 'Per', content: `m${id}`, createdAt: new Date(0).toISOString(), warning: false });
  const pick = (e: UserEvent) => (e.kind === 'message' ? e.message : undefined);

  async function take(gen: AsyncGenerator<MessageShape>, n: number) {
    const out: number[] = [];
    for await (const m of gen) {
      out.push(m.id);
      if (out.length === n) break;
    }
    return out;
  }

  /**
   * A subscriber from id 3 whose replay read returns `replayed`, while 6 is committed and published during that read;
   * `later` are published once the read is done. Answers the first four ids it is given.
   */
  async function replayWhilePublishing(replayed: number[], later: number[]) {
    const hub = new InProcessHub();
    const abort = new AbortController();
    const gen = subscribeWithReplay(ctxOf(hub), abort.signal, 3, {
      missed: async () => {
        hub.publish(1, { kind: 'message', message: message(6) });
        return replayed.map(message);
      },
      pick,
    });
    const got = take(gen, 4);
    await new Promise((r) => setImmediate(r));
    for (const id of later) hub.publish(1, { kind: 'message', message: message(id) });
    const ids = await got;
    abort.abort();
    return ids;
  }

  it('delivers once an event stored while the database is read (published during the replay query)', async () => {
    // 6 is in the replay and on the hub; 7 is stored after the read: only the hub has it.
    expect(await replayWhilePublishing([4, 5, 6], [7])).toEqual([4, 5, 6, 7]);
  });

  it('passes on a live event below the replay’s last id that the replay did not have (another instance committed it later)', async () => {
    // 5 (an older id than 6) commits only after the read.
    expect(await replayWhilePublishing([4, 6], [5, 7])).toEqual([4, 6, 5, 7]);
  });

  it('keeps what is published after the replay is read and before the live loop waits', async () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    let read = false;
    const gen = subscribeWithReplay(ctxOf(hub), abort.signal, 0, {
      missed: async () => {
        read = true;
        return [];
      },
      pick,
    });
    const first = gen.next();
    expect(read).toBe(true);
    hub.publish(1, { kind: 'message', message: message(1) });
    expect((await first).value).toMatchObject({ id: 1 });
    abort.abort();
    expect((await gen.next()).done).toBe(true);
  });

  it('ignores the other kind of event, and another user’s', async () => {
    const hub = new InProcessHub();
    const abort = new AbortController();
    const gen = subscribeWithReplay(ctxOf(hub), abort.signal, null, { missed: async () => [], pick });
    const got = take(gen, 1);
    await new Promise((r) => setImmediate(r));
    hub.publish(1, { kind: 'notification', notification: { id: 9, type: 'info', title: '', message: '', data: null, read: false, createdAt: '' } });
    hub.publish(2, { kind: 'message', message: message(10) });
    hub.publish(1, { kind: 'message', message: message(11) });
    expect(await got).toEqual([11]);
    abort.abort();
  });

  it('ends with 401 once the session is gone or expired, before sending anything more', async () => {
    const hub = new InProcessHub();
    const gen = subscribeWithReplay(ctxOf(hub), new AbortController().signal, null, { missed: async () => [], pick });
    const first = gen.next();
    hub.publish(1, { kind: 'message', message: message(1) });
    expect((await first).value).toMatchObject({ id: 1 });

    db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, session.id)).run();
    const second = gen.next();
    hub.publish(1, { kind: 'message', message: message(2) });
    await expect(second).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Du må være innlogget.' });

    // A new subscription with a dead session replays nothing either.
    const replaying = subscribeWithReplay(ctxOf(hub), new AbortController().signal, 0, { missed: async () => [message(5)], pick });
    await expect(replaying.next()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
