import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { chats, messages, notifications } from '../../../db/schema';
import type { EventHub, UserEvent } from '../realtime/hub';
import { createSqliteStore, type Store } from '../store';
import { createTestDb, createUser } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import { deleteChat, listChats, MESSAGE_REPLAY_LIMIT, messagesAfter, sendMessage, startChat } from './chats';

// docs/product/chats.md, docs/product/realtime.md: what the chat service pushes, when, and to whom; what a
// reconnecting subscriber is replayed.

/** A hub that records, for each event, whether its row was committed and visible when it was pushed. */
function recordingHub(db: Db) {
  const pushed: { userId: number; event: UserEvent; inTransaction: boolean; stored: boolean }[] = [];
  const hub: EventHub = {
    publish(userId, event) {
      const stored =
        event.kind === 'message'
          ? db.select().from(messages).where(eq(messages.id, event.message.id)).get() !== undefined
          : event.kind === 'notification' && db.select().from(notifications).where(eq(notifications.id, event.notification.id)).get() !== undefined;
      pushed.push({ userId, event, inTransaction: db.$client.inTransaction, stored });
    },
    messageStored(message, userIds) {
      for (const userId of userIds) hub.publish(userId, { kind: 'message', message });
    },
    subscribe: () => (async function* () {})(),
    close() {},
  };
  return { hub, pushed };
}

let db: Db;
let store: Store;
let seller: number;
let buyer: number;
let other: number;
let listingId: number;

beforeAll(async () => {
  db = createTestDb();
  store = createSqliteStore(db, false);
  [seller, buyer, other] = await Promise.all([1, 2, 3].map(async () => (await createUser(db)).user.id));
  listingId = (await insertListing(db, seller, { make: 'Volvo', model: 'V70' })).id;
});
afterAll(() => db.$client.close());

describe('pushing', () => {
  it('a new chat: the message to both participants and the notification to the seller, after the commit', async () => {
    const { hub, pushed } = recordingHub(db);
    const result = await startChat(store, hub, buyer, { listingId, sellerId: seller, message: 'Hei!' });
    expect(result.created).toBe(true);
    expect(pushed.map((p) => [p.userId, p.event.kind])).toEqual([
      [buyer, 'message'],
      [seller, 'message'],
      [seller, 'notification'],
    ]);
    expect(pushed.every((p) => p.stored && !p.inTransaction)).toBe(true);

    const again = await startChat(store, hub, buyer, { listingId, sellerId: seller, message: 'Hallo igjen' });
    expect(again).toMatchObject({ chatId: result.chatId, created: false });
    expect(pushed.slice(3).map((p) => p.event.kind)).toEqual(['message', 'message']);
  });

  it('a sent message, to both participants, committed first', async () => {
    const { chatId } = await startChat(store, recordingHub(db).hub, other, { listingId, sellerId: seller, message: 'Er den ledig?' });
    const { hub, pushed } = recordingHub(db);
    const message = await sendMessage(store, hub, seller, { chatId, content: 'Ja!' });
    expect(pushed).toEqual([
      { userId: other, event: { kind: 'message', message }, inTransaction: false, stored: true },
      { userId: seller, event: { kind: 'message', message }, inTransaction: false, stored: true },
    ]);
  });

  it('nothing when the write is refused', async () => {
    const { hub, pushed } = recordingHub(db);
    await expect(startChat(store, hub, buyer, { listingId, sellerId: other, message: 'Hei' })).rejects.toThrow();
    await expect(startChat(store, hub, seller, { listingId, sellerId: seller, message: 'Hei' })).rejects.toThrow();
    const { chatId } = await startChat(store, recordingHub(db).hub, buyer, { listingId, sellerId: seller, message: 'Hei' });
    await expect(sendMessage(store, hub, other, { chatId, content: 'Hei' })).rejects.toThrow();
    expect(pushed).toEqual([]);
  });
});

describe('messagesAfter (replay)', () => {
  it('answers the user’s messages after the id, oldest first, from all their chats and no one else’s', async () => {
    const s = (await createUser(db)).user.id;
    const b = (await createUser(db)).user.id;
    const stranger = (await createUser(db)).user.id;
    const hub = recordingHub(db).hub;
    const l1 = (await insertListing(db, s)).id;
    const l2 = (await insertListing(db, s)).id;
    const c1 = await startChat(store, hub, b, { listingId: l1, sellerId: s, message: 'Én' });
    const mark = c1.message.id;
    const c2 = await startChat(store, hub, b, { listingId: l2, sellerId: s, message: 'To' });
    await startChat(store, hub, stranger, { listingId: l1, sellerId: s, message: 'Ikke til b' });
    await sendMessage(store, hub, s, { chatId: c1.chatId, content: 'Tre' });
    await sendMessage(store, hub, b, { chatId: c2.chatId, content: 'Fire' });

    expect((await messagesAfter(store, b, mark)).map((m) => m.content)).toEqual(['To', 'Tre', 'Fire']);
    expect((await messagesAfter(store, s, mark)).map((m) => m.content)).toEqual(['To', 'Ikke til b', 'Tre', 'Fire']);
    expect((await messagesAfter(store, stranger, mark)).map((m) => m.content)).toEqual(['Ikke til b']);
    expect(await messagesAfter(store, b, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('is bounded: at most MESSAGE_REPLAY_LIMIT, the oldest missed first', async () => {
    const s = (await createUser(db)).user.id;
    const b = (await createUser(db)).user.id;
    const hub = recordingHub(db).hub;
    const { chatId, message } = await startChat(store, hub, b, { listingId: (await insertListing(db, s)).id, sellerId: s, message: '0' });
    for (let i = 1; i <= MESSAGE_REPLAY_LIMIT + 5; i++) await sendMessage(store, hub, i % 2 ? s : b, { chatId, content: String(i) });
    const replay = await messagesAfter(store, b, message.id);
    expect(replay).toHaveLength(MESSAGE_REPLAY_LIMIT);
    expect(replay[0].content).toBe('1');
    expect(replay.at(-1)!.content).toBe(String(MESSAGE_REPLAY_LIMIT));
  });
});

describe('deleting for oneself', () => {
  it('keeps a chat deleted by the caller out of their list until a newer message, and leaves the rows', async () => {
    const s = (await createUser(db)).user.id;
    const b = (await createUser(db)).user.id;
    const hub = recordingHub(db).hub;
    const { chatId } = await startChat(store, hub, b, { listingId: (await insertListing(db, s)).id, sellerId: s, message: 'Hei' });
    await deleteChat(store, s, chatId);
    expect(await listChats(store, s)).toEqual([]);
    expect((await listChats(store, b)).map((c) => c.id)).toEqual([chatId]);
    expect(db.select().from(chats).where(eq(chats.id, chatId)).get()).toMatchObject({ sellerHiddenId: expect.any(Number), buyerHiddenId: null });
    await sendMessage(store, hub, b, { chatId, content: 'Er du der?' });
    expect(await listChats(store, s)).toMatchObject([{ id: chatId, unreadCount: 1, lastMessagePreview: 'Er du der?' }]);
  });
});

describe('the off-site warning', () => {
  it('is on the pushed message and the replayed one when the text moves the conversation off the site', async () => {
    const { hub, pushed } = recordingHub(db);
    const { chatId } = await startChat(store, hub, other, { listingId, sellerId: seller, message: 'Hei! Kan du gå ned til 240 000?' });
    const sent = await sendMessage(store, hub, seller, { chatId, content: 'Betal forskudd, så sender jeg bilen. Skriv på WhatsApp.' });
    expect(sent.warning).toBe(true);
    const messagesPushed = pushed.flatMap((p) => (p.event.kind === 'message' ? [[p.userId, p.event.message.warning]] : []));
    expect(messagesPushed).toEqual([
      [other, false],
      [seller, false],
      [other, true],
      [seller, true],
    ]);
    const replayed = await messagesAfter(store, other, sent.id - 1);
    expect(replayed.map((m) => m.warning)).toEqual([true]);
  });
});
