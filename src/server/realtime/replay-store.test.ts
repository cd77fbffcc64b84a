import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import * as pg from '../../../db/pg/schema';
import { sessions } from '../../../db/schema';
import type { MessageShape } from '../../shared/schemas/chat';
import { messagesAfter, messagesByIds, sendMessage, startChat } from '../services/chats';
import { notificationsAfter, notificationsByIds } from '../services/notifications';
import type { Store } from '../store';
import { insertListingRow, insertUserRow } from '../testing/store-rows';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { createEventHub } from './create-hub';
import type { EventHub, UserEvent } from './hub';
import { subscribeWithReplay } from './subscription';

// A reconnecting subscription over each store (docs/product/realtime.md): the replay from the repositories, then live
// events, each once; and the end of the subscription with its session.
describeOnEachStore('subscription replay', (dialect) => {
  let store: Store;
  // The store's own hub, as the app makes it: in-process on SQLite, over LISTEN/NOTIFY on PostgreSQL.
  let hub: EventHub & { close(): void | Promise<void> };
  let seller: number;
  let buyer: number;
  let listingId: number;
  const sessionId = 'a'.repeat(64);
  beforeEach(async () => {
    store = await createTestStore(dialect);
    hub = await createEventHub(store, { messages: (ids) => messagesByIds(store, ids), notifications: (ids) => notificationsByIds(store, ids) });
    seller = await insertUserRow(store, { name: 'Kari Nordmann' });
    buyer = await insertUserRow(store, { name: 'Ola Hansen' });
    listingId = await insertListingRow(store, seller, { make: 'Volvo', model: 'V90' });
    const session = { id: sessionId, userId: buyer, expiresAt: new Date(Date.now() + 3_600_000) };
    if (store.dialect === 'sqlite') store.db.insert(sessions).values(session).run();
    else await store.db.insert(pg.sessions).values(session);
  });
  afterEach(async () => {
    await hub.close();
    await store.close();
  });

  async function expireSession() {
    const past = new Date(Date.now() - 1000);
    if (store.dialect === 'sqlite') store.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.id, sessionId)).run();
    else await store.db.update(pg.sessions).set({ expiresAt: past }).where(eq(pg.sessions.id, sessionId));
  }

  const ctx = () => ({ hub, store, user: { id: buyer }, session: { id: sessionId } });
  const pickMessage = (e: UserEvent) => (e.kind === 'message' ? e.message : undefined);

  it('replays the missed messages from the store, then live ones, each once and in order', async () => {
    const { chatId, message: first } = await startChat(store, hub, buyer, { listingId, sellerId: seller, message: 'Hei!' });
    const missed = [await sendMessage(store, hub, seller, { chatId, content: 'Hei, den er ledig' }), await sendMessage(store, hub, seller, { chatId, content: 'Når vil du se den?' })];
    const abort = new AbortController();
    const gen = subscribeWithReplay(ctx(), abort.signal, first.id, { missed: (after) => messagesAfter(store, buyer, after), pick: pickMessage });
    const got: MessageShape[] = [];
    const reading = (async () => {
      for await (const m of gen) {
        got.push(m);
        if (got.length === 4) break;
      }
    })();
    // Written while the replay is read: replayed or live, never both.
    const during = await sendMessage(store, hub, buyer, { chatId, content: 'I morgen?' });
    await new Promise((r) => setTimeout(r, 50));
    const live = await sendMessage(store, hub, seller, { chatId, content: 'Ja, klokka 17' });
    await reading;
    abort.abort();
    expect(got.map((m) => m.id)).toEqual([...missed, during, live].map((m) => m.id));
    expect(got.map((m) => m.content)).toEqual(['Hei, den er ledig', 'Når vil du se den?', 'I morgen?', 'Ja, klokka 17']);
  });

  it('replays the seller’s missed notifications from the store', async () => {
    await startChat(store, hub, buyer, { listingId, sellerId: seller, message: 'Hei!' });
    const replay = await notificationsAfter(store, seller, 0);
    expect(replay).toMatchObject([{ title: 'Ny chat om Volvo V90', message: 'Ola Hansen: Hei!', read: false }]);
    expect(await notificationsAfter(store, seller, replay[0].id)).toEqual([]);
  });

  it('ends with 401 once the session has expired, sending nothing more', async () => {
    const { chatId } = await startChat(store, hub, buyer, { listingId, sellerId: seller, message: 'Hei!' });
    // From the start: the first message is replayed (over PostgreSQL its live notice may come after the subscription
    // began, and is then dropped as replayed).
    const gen = subscribeWithReplay(ctx(), new AbortController().signal, 0, { missed: (after) => messagesAfter(store, buyer, after), pick: pickMessage });
    expect((await gen.next()).value).toMatchObject({ content: 'Hei!' });
    const first = gen.next();
    const m = await sendMessage(store, hub, seller, { chatId, content: 'Svar' });
    expect((await first).value).toMatchObject({ id: m.id });
    await expireSession();
    const second = gen.next();
    await sendMessage(store, hub, seller, { chatId, content: 'Privat' });
    await expect(second).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Du må være innlogget.' });
    const replaying = subscribeWithReplay(ctx(), new AbortController().signal, 0, { missed: (after) => messagesAfter(store, buyer, after), pick: pickMessage });
    await expect(replaying.next()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
