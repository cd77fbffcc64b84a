import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Store } from '.';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { deleteUserRow, insertListingRow, insertPhotoRow, insertUserRow, updateListingRow } from '../testing/store-rows';
import type { MessageRow } from './chats';
import type { NamedListing } from './listings';
import { EVENTS_CHANNEL, type Wire } from './pg/events';
import { MESSAGE_ORDER_LOCK } from './pg/chats';

// The chats repository on both stores (docs/product/chats.md, docs/decisions/018-postgresql.md).
describeOnEachStore('chats repository', (dialect) => {
  const t = storeForEachTest(dialect, async (store) => {
    const seller = await insertUserRow(store, { name: 'Kari Nordmann', displayName: 'Kari' });
    const buyer = await insertUserRow(store, { name: 'Ola Hansen' });
    return { seller, buyer, listingId: await insertListingRow(store, seller, { make: 'Volvo', model: 'V90', year: 2019 }) };
  });

  const notify = (listing: NamedListing, message: MessageRow) => ({
    type: 'info' as const,
    title: `Ny chat om ${listing.make} ${listing.model}`,
    message: `${message.displayName ?? message.name}: ${message.content}`,
    data: { chatId: message.chatId, listingId: listing.id },
  });
  const start = (by: number, content: string, on = t.listingId, sellerId = t.seller) => t.store.chats.start({ listingId: on, buyerId: by, sellerId, content }, notify);
  async function started(by: number, content: string, on = t.listingId) {
    const result = await start(by, content, on);
    if (result.status !== 'ok') throw new Error(result.status);
    return result;
  }
  async function sent(by: number, chatId: number, content: string) {
    const result = await t.store.chats.send(by, chatId, content);
    if (result.status !== 'ok') throw new Error(result.status);
    return result.message;
  }

  it('starts a chat once per listing and buyer; only the first start notifies the seller', async () => {
    const first = await started(t.buyer, 'Hei! Er bilen ledig?');
    expect(first).toMatchObject({ created: true, chat: { buyerId: t.buyer, sellerId: t.seller } });
    expect(first.message).toMatchObject({ chatId: first.chat.id, senderId: t.buyer, content: 'Hei! Er bilen ledig?', name: 'Ola Hansen' });
    expect(first.message.createdAt).toBeInstanceOf(Date);
    expect(first.notification).toMatchObject({
      userId: t.seller,
      type: 'info',
      title: 'Ny chat om Volvo V90',
      message: 'Ola Hansen: Hei! Er bilen ledig?',
      data: { chatId: first.chat.id, listingId: t.listingId },
      read: false,
    });
    const again = await started(t.buyer, 'Hallo igjen');
    expect(again).toMatchObject({ created: false, chat: { id: first.chat.id }, notification: undefined });
    expect(await t.store.notifications.list(t.seller, 10)).toHaveLength(1);
    expect((await t.store.chats.readMessages(t.seller, first.chat.id, 10))!.map((m) => m.content)).toEqual(['Hei! Er bilen ledig?', 'Hallo igjen']);
  });

  it('refuses a listing a buyer cannot see, one’s own listing and the wrong seller, writing nothing', async () => {
    const hidden = await insertListingRow(t.store, t.seller, { status: 'pending' });
    const inactive = await insertListingRow(t.store, t.seller, { active: false });
    expect(await start(t.buyer, 'Hei', hidden)).toEqual({ status: 'listing-not-found' });
    expect(await start(t.buyer, 'Hei', inactive)).toEqual({ status: 'listing-not-found' });
    expect(await start(t.buyer, 'Hei', 999_999)).toEqual({ status: 'listing-not-found' });
    expect(await start(t.seller, 'Hei')).toEqual({ status: 'own-listing' });
    expect(await start(t.buyer, 'Hei', t.listingId, t.buyer)).toEqual({ status: 'wrong-seller' });
    expect((await t.store.chats.list(t.buyer)).chats).toEqual([]);
    expect((await t.store.chats.list(t.seller)).chats).toEqual([]);
    expect(await t.store.notifications.list(t.seller, 10)).toEqual([]);
  });

  it('keeps a chat going after its listing is hidden, but starts none about it', async () => {
    const { chat } = await started(t.buyer, 'Hei');
    await updateListingRow(t.store, t.listingId, { active: false });
    expect(await start(t.buyer, 'Hei igjen')).toEqual({ status: 'listing-not-found' });
    expect((await sent(t.seller, chat.id, 'Den er solgt, beklager')).content).toBe('Den er solgt, beklager');
  });

  it('makes one chat of concurrent starts by the same buyer, and notifies once', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => started(t.buyer, `Melding ${i}`)));
    expect(new Set(results.map((r) => r.chat.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => r.notification)).toHaveLength(1);
    expect(await t.store.notifications.list(t.seller, 10)).toHaveLength(1);
    const messages = (await t.store.chats.readMessages(t.buyer, results[0].chat.id, 100))!;
    expect(messages.map((m) => m.content).sort()).toEqual(results.map((r) => r.message.content).sort());
    expect((await t.store.chats.list(t.buyer)).chats).toHaveLength(1);
  });

  it('sends: ids grow, the chat’s last message follows, the sender has read their own', async () => {
    const { chat } = await started(t.buyer, 'Hei');
    const a = await sent(t.seller, chat.id, 'Ja, den er ledig');
    const b = await sent(t.buyer, chat.id, 'Flott!');
    expect(b.id).toBeGreaterThan(a.id);
    expect(a).toMatchObject({ senderId: t.seller, displayName: 'Kari', name: 'Kari Nordmann' });
    expect(await t.store.chats.find(chat.id)).toMatchObject({ lastMessageId: b.id, buyerReadId: b.id, sellerReadId: a.id, lastMessageAt: b.createdAt });
    expect(await t.store.chats.send(await insertUserRow(t.store), chat.id, 'Hei')).toEqual({ status: 'not-found' });
    expect(await t.store.chats.send(t.buyer, 999_999, 'Hei')).toEqual({ status: 'not-found' });
  });

  it('keeps concurrent sends apart: every message stored once, ids in order, the last one the chat’s', async () => {
    const { chat } = await started(t.buyer, 'Hei');
    const messages = await Promise.all(Array.from({ length: 12 }, (_, i) => sent(i % 2 ? t.seller : t.buyer, chat.id, `Melding ${i}`)));
    const ids = messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(12);
    const max = Math.max(...ids);
    expect((await t.store.chats.find(chat.id))!.lastMessageId).toBe(max);
    const replay = await t.store.chats.messagesAfter(t.buyer, 0, 100);
    expect(replay.map((m) => m.id)).toEqual([...replay.map((m) => m.id)].sort((x, y) => x - y));
    expect(replay).toHaveLength(13);
  });

  it('refuses a message to a participant whose account is gone (409 in the service)', async () => {
    const { chat } = await started(t.buyer, 'Hei');
    await deleteUserRow(t.store, t.seller);
    expect(await t.store.chats.send(t.buyer, chat.id, 'Hallo?')).toEqual({ status: 'party-gone' });
    expect((await t.store.chats.readMessages(t.buyer, chat.id, 10))!.map((m) => m.content)).toEqual(['Hei']);
  });

  it('reads a participant’s messages oldest first, the newest `limit` of them, and marks them read', async () => {
    const { chat } = await started(t.buyer, 'Én');
    await sent(t.seller, chat.id, 'To');
    await sent(t.seller, chat.id, 'Tre');
    expect((await t.store.chats.list(t.buyer)).chats[0].unread).toBe(2);
    expect((await t.store.chats.readMessages(t.buyer, chat.id, 2))!.map((m) => m.content)).toEqual(['To', 'Tre']);
    expect((await t.store.chats.list(t.buyer)).chats[0].unread).toBe(0);
    // The seller's own messages moved their read position past the buyer's first; the buyer's next one is unread.
    expect((await t.store.chats.list(t.seller)).chats[0].unread).toBe(0);
    await sent(t.buyer, chat.id, 'Fire');
    expect((await t.store.chats.list(t.seller)).chats[0].unread).toBe(1);
    expect((await t.store.chats.list(t.buyer)).chats[0].unread).toBe(0);
    expect(await t.store.chats.readMessages(await insertUserRow(t.store), chat.id, 10)).toBeNull();
  });

  it('lists a user’s chats newest activity first with the other party, the car, its photos, the last message and unread counts', async () => {
    const other = await insertListingRow(t.store, t.seller, { make: 'Tesla', model: 'Model 3', year: 2021 });
    const photos = [await insertPhotoRow(t.store, other, 1), await insertPhotoRow(t.store, other, 0)];
    const older = await started(t.buyer, 'Om Volvoen');
    const newer = await started(t.buyer, 'Om Teslaen', other);
    await sent(t.seller, older.chat.id, 'Svar om Volvoen\nandre linje');

    const { chats, me } = await t.store.chats.list(t.buyer);
    expect(me).toEqual({ name: 'Ola Hansen', displayName: null });
    expect(chats.map((c) => c.id)).toEqual([older.chat.id, newer.chat.id]);
    expect(chats[0]).toMatchObject({
      listingId: t.listingId,
      marked: false,
      unread: 1,
      other: { id: t.seller, name: 'Kari Nordmann', displayName: 'Kari' },
      car: { make: 'Volvo', model: 'V90', year: 2019 },
      lastContent: 'Svar om Volvoen\nandre linje',
      photos: null,
    });
    expect(chats[0].createdAt).toBeInstanceOf(Date);
    expect(chats[0].lastMessageAt).toBeInstanceOf(Date);
    expect(chats[1]).toMatchObject({ unread: 0, car: { make: 'Tesla' }, photos: { urls: [photos[1].url, photos[0].url], thumbUrl: photos[1].thumbUrl } });
    const sellers = await t.store.chats.list(t.seller);
    expect(sellers.chats.map((c) => [c.id, c.unread, c.other.name])).toEqual([
      [older.chat.id, 0, 'Ola Hansen'],
      [newer.chat.id, 1, 'Ola Hansen'],
    ]);
    expect(await t.store.chats.list(await insertUserRow(t.store))).toEqual({ chats: [], me: null });
  });

  it('marks for the caller alone', async () => {
    const { chat } = await started(t.buyer, 'Hei');
    expect(await t.store.chats.mark(t.seller, chat.id, true)).toBe(true);
    expect((await t.store.chats.list(t.seller)).chats[0].marked).toBe(true);
    expect((await t.store.chats.list(t.buyer)).chats[0].marked).toBe(false);
    expect(await t.store.chats.mark(t.seller, chat.id, false)).toBe(true);
    expect((await t.store.chats.list(t.seller)).chats[0].marked).toBe(false);
    expect(await t.store.chats.mark(await insertUserRow(t.store), chat.id, true)).toBe(false);
  });

  it('hides a chat for the caller until a newer message, which comes back alone', async () => {
    const { chat, message: first } = await started(t.buyer, 'Hei');
    await t.store.chats.mark(t.seller, chat.id, true);
    expect(await t.store.chats.hide(t.seller, chat.id)).toBe(true);
    expect((await t.store.chats.list(t.seller)).chats).toEqual([]);
    expect((await t.store.chats.list(t.buyer)).chats).toHaveLength(1);
    expect(await t.store.chats.messagesAfter(t.seller, 0, 10)).toEqual([]);
    expect(await t.store.chats.find(chat.id)).toMatchObject({ sellerHiddenId: first.id, sellerReadId: first.id, sellerMarked: false, buyerHiddenId: null });

    const later = await sent(t.buyer, chat.id, 'Er du der?');
    expect((await t.store.chats.list(t.seller)).chats).toMatchObject([{ id: chat.id, unread: 1, marked: false, lastContent: 'Er du der?' }]);
    expect((await t.store.chats.readMessages(t.seller, chat.id, 10))!.map((m) => m.id)).toEqual([later.id]);
    expect((await t.store.chats.messagesAfter(t.seller, 0, 10)).map((m) => m.id)).toEqual([later.id]);
    expect(await t.store.chats.hide(await insertUserRow(t.store), chat.id)).toBe(false);
  });

  it('replays the messages of the user’s chats after an id, oldest first, bounded, and no one else’s', async () => {
    const stranger = await insertUserRow(t.store);
    const second = await insertListingRow(t.store, t.seller);
    const a = await started(t.buyer, 'Én');
    await started(t.buyer, 'To', second);
    await started(stranger, 'Ikke til kjøperen');
    await sent(t.seller, a.chat.id, 'Tre');
    expect((await t.store.chats.messagesAfter(t.buyer, a.message.id, 10)).map((m) => m.content)).toEqual(['To', 'Tre']);
    expect((await t.store.chats.messagesAfter(t.seller, a.message.id, 10)).map((m) => m.content)).toEqual(['To', 'Ikke til kjøperen', 'Tre']);
    expect((await t.store.chats.messagesAfter(t.seller, 0, 2)).map((m) => m.content)).toEqual(['Én', 'To']);
    expect((await t.store.chats.messagesAfter(stranger, 0, 10)).map((m) => m.content)).toEqual(['Ikke til kjøperen']);
    expect(await t.store.chats.messagesAfter(t.buyer, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    // Loading by id (another instance's pushed ids): id order, with the sender's names, nothing for unknown ids.
    const third = (await t.store.chats.messagesAfter(t.seller, 0, 10)).at(-1)!;
    const byIds = await t.store.chats.messagesByIds([third.id, 2 ** 40, a.message.id, third.id + 1000]);
    expect(byIds.map((m) => m.content)).toEqual(['Én', 'Tre']);
    expect(byIds[1]).toMatchObject({ senderId: t.seller, chatId: a.chat.id });
    expect(await t.store.chats.messagesByIds([])).toEqual([]);
    // An id no row can have (a PostgreSQL integer holds 32 bits) is a chat that does not exist, on both stores.
    expect(await t.store.chats.readMessages(t.buyer, 2 ** 40, 10)).toBeNull();
    expect(await t.store.chats.send(t.buyer, 2 ** 40, 'Hei')).toEqual({ status: 'not-found' });
    expect(await t.store.chats.mark(t.buyer, 2 ** 40, true)).toBe(false);
    expect(await t.store.chats.hide(t.buyer, 2 ** 40)).toBe(false);
    expect(await start(t.buyer, 'Hei', 2 ** 40)).toEqual({ status: 'listing-not-found' });
  });

  if (dialect === 'pg') {
    it('takes a message id only when the messages before it have committed (the replay misses none)', async () => {
      const { chat } = await started(t.buyer, 'Hei');
      const pgStore = t.store as Extract<Store, { dialect: 'pg' }>;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      // Another writer holds the order lock, as a transaction inserting a message does until it commits.
      const holder = pgStore.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
        locked();
        await held;
      });
      await isLocked;
      let done = false;
      const sending = sent(t.seller, chat.id, 'Venter på tur').then((m) => ((done = true), m));
      await new Promise((r) => setTimeout(r, 150));
      expect(done).toBe(false);
      release();
      await holder;
      expect((await sending).content).toBe('Venter på tur');
    });

    it('tells every instance of a message in its own commit: one notice per party, in id order, none for a refusal', async () => {
      const { chat } = await started(t.buyer, 'Hei');
      const pgStore = t.store as Extract<Store, { dialect: 'pg' }>;
      const listener = await pgStore.db.$client.connect();
      const heard: Wire[] = [];
      listener.on('notification', (n) => {
        if (n.channel === EVENTS_CHANNEL) heard.push(JSON.parse(n.payload!) as Wire);
      });
      try {
        await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
        const results = await Promise.all(['Én', 'To', 'Tre', 'Fire'].map((c, i) => t.store.chats.send(i % 2 ? t.seller : t.buyer, chat.id, c)));
        const ids = results.map((r) => (r.status === 'ok' ? r.message.id : 0)).sort((a, b) => a - b);
        expect(ids.every((id) => id > 0)).toBe(true);
        await expect.poll(() => heard.length).toBe(8);
        // In commit order, which is id order: both parties' notices of a message before the next message's.
        expect(heard.map((w) => w.i)).toEqual(ids.flatMap((id) => [id, id]));
        for (const id of ids) expect(heard.filter((w) => w.i === id).map((w) => w.u).sort()).toEqual([t.buyer, t.seller].sort());
        expect(heard.every((w) => w.k === 'm' && w.o === undefined)).toBe(true);

        await deleteUserRow(t.store, t.seller);
        expect(await t.store.chats.send(t.buyer, chat.id, 'Hallo?')).toEqual({ status: 'party-gone' });
        await listener.query('SELECT 1');
        expect(heard).toHaveLength(8);
      } finally {
        await listener.query(`UNLISTEN ${EVENTS_CHANNEL}`);
        listener.release();
      }
    });
  }
});
