import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX,
  CHAT_NOT_FOUND_MESSAGE,
  CHAT_OWN_LISTING_MESSAGE,
  CHAT_PARTY_GONE_MESSAGE,
  CHAT_WRONG_SELLER_MESSAGE,
  type ChatShape,
  type MessageShape,
} from '../../shared/schemas/chat';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { httpClient } from '../testing/http';
import { insertListing, insertListingImage } from '../testing/listing-factory';
import { countRows, deleteRows, deleteUserRow, findRow, findRows, updateRows } from '../testing/store-rows';

// docs/product/chats.md, docs/product/api.md#chats: GET /api/chats, GET /api/messages/:chatId, POST /api/messages,
// POST /api/chats/start, PATCH /api/chats/:id/mark, DELETE /api/chats/:id. Login required; a chat is its two
// participants' alone (anyone else: 404, and nothing changes); marking and deleting act for the caller only.

type User = Awaited<ReturnType<typeof loggedInUser>>;

let t: TestApp;
let seller: User;
let buyer: User;
let eve: User;
let listingId: number;
let imageUrls: string[];
let firstThumbUrl: string;

const { call } = httpClient(() => t);

const start = (who: User, body: { listingId: number; sellerId: number; message: unknown }) => call('POST', '/api/chats/start', who.cookie, body);
const send = (who: User, chatId: number, content: unknown) => call('POST', '/api/messages', who.cookie, { chatId, content });
async function chatsOf(who: User): Promise<ChatShape[]> {
  const res = await call('GET', '/api/chats', who.cookie);
  expect(res.statusCode).toBe(200);
  return json(res);
}
const chatOf = async (who: User, chatId: number) => (await chatsOf(who)).find((c) => c.id === chatId);
async function messagesOf(who: User, chatId: number): Promise<MessageShape[]> {
  const res = await call('GET', `/api/messages/${chatId}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return json(res);
}
const notificationsOf = (userId: number) => findRows(t.store, 'notifications', { userId });
const messageRows = (chatId: number) => findRows(t.store, 'messages', { chatId });
/** Every chat and message row: a refused call must leave it exactly as it was. */
const snapshot = async () => ({ chats: await findRows(t.store, 'chats'), messages: await findRows(t.store, 'messages') });

async function named(overrides: { name: string; username: string; displayName?: string }): Promise<User> {
  const u = await loggedInUser(t.store, { name: overrides.name, username: overrides.username });
  await updateRows(t.store, 'users', { displayName: overrides.displayName ?? null }, { id: u.user.id });
  return u;
}

/** A fresh seller with a visible listing, and a chat a fresh buyer started about it. */
async function newConversation(first = 'Hei! Er bilen fortsatt til salgs?') {
  const s = await loggedInUser(t.store);
  const b = await loggedInUser(t.store);
  const listing = await insertListing(t.store, s.user.id, { make: 'Toyota', model: 'RAV4', year: 2020 });
  const res = await start(b, { listingId: listing.id, sellerId: s.user.id, message: first });
  expect(res.statusCode).toBe(201);
  return { seller: s, buyer: b, listingId: listing.id, chatId: json(res).chatId as number };
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await named({ name: 'Per Hansen', username: 'perhansen', displayName: 'Pers Bil AS' });
  buyer = await named({ name: 'Kari Nordmann', username: 'karinordmann' });
  eve = await named({ name: 'Eva Lie', username: 'evalie' });
  listingId = (await insertListing(t.store, seller.user.id, { make: 'Volvo', model: 'V90', year: 2019 })).id;
  const photos = [await insertListingImage(t.store, listingId, 0), await insertListingImage(t.store, listingId, 1)];
  imageUrls = photos.map((p) => p.url);
  firstThumbUrl = photos[0].thumbUrl;
});
afterAll(() => t.close());

describe('visitors', () => {
  it.each([
    ['GET', '/api/chats', undefined],
    ['GET', '/api/messages/1', undefined],
    ['POST', '/api/messages', { chatId: 1, content: 'Hei' }],
    ['POST', '/api/chats/start', { listingId: 1, sellerId: 1, message: 'Hei' }],
    ['PATCH', '/api/chats/1/mark', { isMarked: true }],
    ['DELETE', '/api/chats/1', undefined],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, body) => {
    const before = await snapshot();
    const res = await call(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Du må være innlogget.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('a conversation', () => {
  let chatId: number;

  it('starts with 201 and {chatId}, stores the trimmed first message and tells the seller', async () => {
    const res = await start(buyer, { listingId, sellerId: seller.user.id, message: '  Hei! Er bilen fortsatt til salgs?  ' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ chatId: expect.any(Number) });
    chatId = json(res).chatId;
    expect(await findRow(t.store, 'chats', { id: chatId })).toMatchObject({ listingId, buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await messageRows(chatId)).toMatchObject([{ senderId: buyer.user.id, content: 'Hei! Er bilen fortsatt til salgs?' }]);

    const [n] = await notificationsOf(seller.user.id);
    expect(n).toMatchObject({ type: 'info', read: false, data: { chatId, listingId } });
    expect(n.title).toContain('Volvo V90');
    expect(n.message).toContain('Kari Nordmann');
    expect(n.message).toContain('Er bilen fortsatt til salgs?');
    expect(await notificationsOf(buyer.user.id)).toEqual([]);
  });

  it('lists the chat for both participants with the other party, the car, the photos and the unread count', async () => {
    const forSeller = await chatsOf(seller);
    expect(forSeller).toEqual([
      {
        id: chatId,
        listingId,
        createdAt: expect.any(String),
        unreadCount: 1,
        lastMessageAt: expect.any(String),
        lastMessagePreview: 'Hei! Er bilen fortsatt til salgs?',
        marked: false,
        otherUser: { id: buyer.user.id, name: 'Kari Nordmann', displayName: null, username: 'karinordmann' },
        currentUser: { displayName: 'Pers Bil AS' },
        carName: 'Volvo V90 2019',
        // The picture beside the chat is the first photo's thumbnail, not its 1600 px file.
        listing: { id: listingId, make: 'Volvo', model: 'V90', year: 2019, images: imageUrls, thumbUrl: firstThumbUrl },
      },
    ]);
    expect(new Date(forSeller[0].lastMessageAt!).getTime()).toBe((await messageRows(chatId))[0].createdAt.getTime());

    const [forBuyer] = await chatsOf(buyer);
    expect(forBuyer).toMatchObject({
      id: chatId,
      unreadCount: 0, // one's own messages are never unread
      otherUser: { id: seller.user.id, name: 'Per Hansen', displayName: 'Pers Bil AS', username: 'perhansen' },
      // Without a display name, the own name.
      currentUser: { displayName: 'Kari Nordmann' },
      carName: 'Volvo V90 2019',
    });
    expect(await chatsOf(eve)).toEqual([]);
  });

  it('is never stored by a cache, and takes the client’s cache-busting parameters', async () => {
    expect((await call('GET', '/api/chats', buyer.cookie)).headers['cache-control']).toBe('private, no-store');
    const busted = await call('GET', `/api/chats?_=${Date.now()}`, buyer.cookie);
    expect(busted.statusCode).toBe(200);
    expect(json(busted)).toHaveLength(1);
    expect((await call('GET', `/api/messages/${chatId}?_=${Date.now()}`, buyer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/messages/${chatId}`, buyer.cookie)).headers['cache-control']).toBe('private, no-store');
  });

  it('sends with 201 and the stored message, trimmed, line breaks kept', async () => {
    const res = await send(seller, chatId, '  Ja, den er ledig.\nVil du se den på lørdag?  ');
    expect(res.statusCode).toBe(201);
    const message = json<MessageShape>(res);
    expect(message).toEqual({
      id: expect.any(Number),
      chatId,
      senderId: seller.user.id,
      senderDisplayName: 'Pers Bil AS',
      content: 'Ja, den er ledig.\nVil du se den på lørdag?',
      createdAt: expect.any(String),
      warning: false,
    });
    expect((await messageRows(chatId)).at(-1)).toMatchObject({ id: message.id, content: 'Ja, den er ledig.\nVil du se den på lørdag?' });
  });

  it('answers messages oldest first, and reading marks them read for the reader only', async () => {
    expect((await send(seller, chatId, 'Den har nye vinterdekk.')).statusCode).toBe(201);
    // Replying counts as having read what came before.
    expect((await chatOf(seller, chatId))!.unreadCount).toBe(0);
    expect((await chatOf(buyer, chatId))!.unreadCount).toBe(2);
    // The seller reading the chat does not read it for the buyer.
    await messagesOf(seller, chatId);
    expect((await chatOf(buyer, chatId))!.unreadCount).toBe(2);

    const list = await messagesOf(buyer, chatId);
    expect(list.map((m) => [m.senderDisplayName, m.content])).toEqual([
      ['Kari Nordmann', 'Hei! Er bilen fortsatt til salgs?'],
      ['Pers Bil AS', 'Ja, den er ledig.\nVil du se den på lørdag?'],
      ['Pers Bil AS', 'Den har nye vinterdekk.'],
    ]);
    expect(list.map((m) => m.id)).toEqual([...list.map((m) => m.id)].sort((a, b) => a - b));
    expect(new Date(list[0].createdAt).getTime()).toBeLessThanOrEqual(new Date(list[2].createdAt).getTime());
    expect((await chatOf(buyer, chatId))!.unreadCount).toBe(0);
    expect((await chatOf(seller, chatId))!.unreadCount).toBe(0);
  });

  it('continues the buyer’s chat when they start again about the same listing, without a second notification', async () => {
    const notified = (await notificationsOf(seller.user.id)).length;
    const res = await start(buyer, { listingId, sellerId: seller.user.id, message: 'Kan jeg prøvekjøre den?' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ chatId });
    expect(await findRows(t.store, 'chats', { listingId })).toHaveLength(1);
    expect((await messageRows(chatId)).at(-1)).toMatchObject({ senderId: buyer.user.id, content: 'Kan jeg prøvekjøre den?' });
    expect(await notificationsOf(seller.user.id)).toHaveLength(notified);
    expect((await chatOf(seller, chatId))!.unreadCount).toBe(1);
  });

  it('shows the newest activity first', async () => {
    const other = await insertListing(t.store, seller.user.id, { make: 'Tesla', model: 'Model 3', year: 2021 });
    const res = await start(buyer, { listingId: other.id, sellerId: seller.user.id, message: 'Hvor langt går den på en lading?' });
    const teslaChat = json(res).chatId as number;
    expect((await chatsOf(buyer)).map((c) => c.id)).toEqual([teslaChat, chatId]);
    expect((await chatsOf(seller)).map((c) => c.id)).toEqual([teslaChat, chatId]);
    // A listing without photos has an empty list, not another listing's.
    expect((await chatOf(buyer, teslaChat))!.listing).toMatchObject({ id: other.id, images: [], thumbUrl: null });

    await send(seller, chatId, 'Ja, når som helst.');
    expect((await chatsOf(buyer)).map((c) => c.id)).toEqual([chatId, teslaChat]);
    expect((await chatsOf(seller)).map((c) => c.id)).toEqual([chatId, teslaChat]);
  });

  it('marks for the caller only (200), and unmarks', async () => {
    const res = await call('PATCH', `/api/chats/${chatId}/mark`, buyer.cookie, { isMarked: true });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ chatId, marked: true });
    expect((await chatOf(buyer, chatId))!.marked).toBe(true);
    expect((await chatOf(seller, chatId))!.marked).toBe(false);

    expect(json(await call('PATCH', `/api/chats/${chatId}/mark`, buyer.cookie, { isMarked: false }))).toEqual({ chatId, marked: false });
    expect((await chatOf(buyer, chatId))!.marked).toBe(false);
  });

  it('refuses a mark that is not true or false (400)', async () => {
    for (const body of [{}, { isMarked: 'ja' }, { isMarked: 1 }]) {
      const res = await call('PATCH', `/api/chats/${chatId}/mark`, buyer.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('isMarked må være true eller false.');
    }
  });
});

describe('what a message may be', () => {
  let chatId: number;
  let buyerCookie: string;
  beforeAll(async () => {
    const c = await newConversation();
    chatId = c.chatId;
    buyerCookie = c.buyer.cookie;
  });
  const chatRow = async () => (await findRow(t.store, 'chats', { id: chatId }))!;

  it.each([
    ['empty', ''],
    ['blank', '   \n\t  '],
    ['missing', undefined],
  ])('refuses an %s message with 400 and stores nothing', async (_case, content) => {
    const before = await snapshot();
    const res = await call('POST', '/api/messages', buyerCookie, content === undefined ? { chatId } : { chatId, content });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Meldingen må fylles ut.', details: { content: 'Meldingen må fylles ut.' } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a message over the limit with 400 and a Norwegian message; the limit itself passes', async () => {
    const before = await snapshot();
    const res = await call('POST', '/api/messages', buyerCookie, { chatId, content: 'a'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(`Meldingen kan ikke være lengre enn ${CHAT_MESSAGE_MAX} tegn.`);
    expect(await snapshot()).toEqual(before);
    // Far beyond the limit: the same answer, never a 500 or a 413.
    const huge = await call('POST', '/api/messages', buyerCookie, { chatId, content: 'a'.repeat(200_000) });
    expect(huge.statusCode).toBe(400);
    expect(json(huge).message).toBe(`Meldingen kan ikke være lengre enn ${CHAT_MESSAGE_MAX} tegn.`);

    const ok = await call('POST', '/api/messages', buyerCookie, { chatId, content: 'a'.repeat(CHAT_MESSAGE_MAX) });
    expect(ok.statusCode).toBe(201);
    expect(json(ok).content).toHaveLength(CHAT_MESSAGE_MAX);
    expect((await chatRow()).lastMessageId).toBe(json(ok).id);
  });

  it('refuses a message that is not text, and a body that is not an object, with 400', async () => {
    const res = await call('POST', '/api/messages', buyerCookie, { chatId, content: 42 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Meldingen må være tekst.');
    for (const body of [[], 'Hei', null, 5]) expect((await call('POST', '/api/messages', buyerCookie, body)).statusCode).toBe(400);
  });

  it('answers a chat id that cannot be one with 400 and the chat message; an unknown chat with 404', async () => {
    for (const bad of ['abc', 0, -3, 1.5]) {
      const res = await call('POST', '/api/messages', buyerCookie, { chatId: bad, content: 'Hei' });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(CHAT_NOT_FOUND_MESSAGE);
    }
    expect((await call('GET', '/api/messages/abc', buyerCookie)).statusCode).toBe(400);
    for (const [method, url, body] of [
      ['POST', '/api/messages', { chatId: 999_999, content: 'Hei' }],
      ['GET', '/api/messages/999999', undefined],
      ['PATCH', '/api/chats/999999/mark', { isMarked: true }],
      ['DELETE', '/api/chats/999999', undefined],
    ] as const) {
      const res = await call(method, url, buyerCookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res).message).toBe(CHAT_NOT_FOUND_MESSAGE);
    }
  });
});

describe('starting a chat', () => {
  it('refuses a chat about one’s own listing (403) and stores nothing', async () => {
    const before = await snapshot();
    const notified = (await notificationsOf(seller.user.id)).length;
    const res = await start(seller, { listingId, sellerId: seller.user.id, message: 'Hei meg selv' });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(CHAT_OWN_LISTING_MESSAGE);
    expect(await snapshot()).toEqual(before);
    expect(await notificationsOf(seller.user.id)).toHaveLength(notified);
  });

  it('refuses a seller who does not own the listing (400)', async () => {
    const before = await snapshot();
    for (const sellerId of [eve.user.id, buyer.user.id, 999_999]) {
      const res = await start(buyer, { listingId, sellerId, message: 'Hei' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: CHAT_WRONG_SELLER_MESSAGE, details: { sellerId: CHAT_WRONG_SELLER_MESSAGE } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown listing and for one a buyer cannot see, storing nothing', async () => {
    const before = await snapshot();
    const notified = (await notificationsOf(seller.user.id)).length;
    const hidden: number[] = [];
    for (const o of [{ status: 'pending' as const }, { status: 'rejected' as const }, { active: false }]) hidden.push((await insertListing(t.store, seller.user.id, o)).id);
    for (const id of [999_999, ...hidden]) {
      const res = await start(buyer, { listingId: id, sellerId: seller.user.id, message: 'Hei' });
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe('Annonse ikke funnet');
    }
    expect(await snapshot()).toEqual(before);
    expect(await notificationsOf(seller.user.id)).toHaveLength(notified);
  });

  it('refuses a blank or too long first message with 400 and starts nothing', async () => {
    const before = await snapshot();
    const blank = await start(eve, { listingId, sellerId: seller.user.id, message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(json(blank)).toMatchObject({ message: 'Meldingen må fylles ut.', details: { message: 'Meldingen må fylles ut.' } });
    const long = await start(eve, { listingId, sellerId: seller.user.id, message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toBe(`Meldingen kan ikke være lengre enn ${CHAT_MESSAGE_MAX} tegn.`);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a third user', () => {
  it('is refused everywhere with 404, and nothing changes', async () => {
    const c = await newConversation();
    await send(c.seller, c.chatId, 'Hei, ja den er ledig.');
    const before = await snapshot();
    const viewBefore = { seller: await chatsOf(c.seller), buyer: await chatsOf(c.buyer) };

    for (const [method, url, body] of [
      ['GET', `/api/messages/${c.chatId}`, undefined],
      ['POST', '/api/messages', { chatId: c.chatId, content: 'Jeg vil også kjøpe den!' }],
      ['PATCH', `/api/chats/${c.chatId}/mark`, { isMarked: true }],
      ['DELETE', `/api/chats/${c.chatId}`, undefined],
    ] as const) {
      const res = await call(method, url, eve.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res).message).toBe(CHAT_NOT_FOUND_MESSAGE);
    }
    expect((await chatsOf(eve)).map((x) => x.id)).not.toContain(c.chatId);
    expect(await snapshot()).toEqual(before);
    // Unread counts, marks and visibility of both participants are untouched.
    expect({ seller: await chatsOf(c.seller), buyer: await chatsOf(c.buyer) }).toEqual(viewBefore);
  });

  it('starting about the same listing gets a chat of their own, not the other buyer’s', async () => {
    const c = await newConversation();
    const res = await start(eve, { listingId: c.listingId, sellerId: c.seller.user.id, message: 'Er den solgt?' });
    expect(res.statusCode).toBe(201);
    expect(json(res).chatId).not.toBe(c.chatId);
    expect((await messagesOf(c.buyer, c.chatId)).map((m) => m.content)).toEqual(['Hei! Er bilen fortsatt til salgs?']);
    expect((await chatsOf(c.seller)).map((x) => x.id)).toEqual([json(res).chatId, c.chatId]);
  });
});

describe('deleting a chat', () => {
  it('removes it for the caller only (204); the other participant keeps it with every message', async () => {
    const c = await newConversation();
    await send(c.seller, c.chatId, 'Ja, den er ledig.');
    await call('PATCH', `/api/chats/${c.chatId}/mark`, c.buyer.cookie, { isMarked: true });
    const sellerView = await chatOf(c.seller, c.chatId);

    const res = await call('DELETE', `/api/chats/${c.chatId}`, c.buyer.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await chatsOf(c.buyer)).toEqual([]);
    expect(await messagesOf(c.buyer, c.chatId)).toEqual([]);
    expect(await chatOf(c.seller, c.chatId)).toEqual(sellerView);
    expect((await messagesOf(c.seller, c.chatId)).map((m) => m.content)).toEqual(['Hei! Er bilen fortsatt til salgs?', 'Ja, den er ledig.']);
    expect(await messageRows(c.chatId)).toHaveLength(2);
  });

  it('comes back for the deleter when the other party writes again, with only the newer messages, unread', async () => {
    const c = await newConversation();
    await send(c.seller, c.chatId, 'Ja, den er ledig.');
    await call('PATCH', `/api/chats/${c.chatId}/mark`, c.buyer.cookie, { isMarked: true });
    expect((await call('DELETE', `/api/chats/${c.chatId}`, c.buyer.cookie)).statusCode).toBe(204);

    await send(c.seller, c.chatId, 'Prisen er satt ned med 10 000 kr.');
    const back = await chatOf(c.buyer, c.chatId);
    expect(back).toMatchObject({ unreadCount: 1, marked: false, lastMessagePreview: 'Prisen er satt ned med 10 000 kr.' });
    expect((await messagesOf(c.buyer, c.chatId)).map((m) => m.content)).toEqual(['Prisen er satt ned med 10 000 kr.']);
    expect((await chatOf(c.buyer, c.chatId))!.unreadCount).toBe(0);
    // The seller still sees the whole conversation.
    expect(await messagesOf(c.seller, c.chatId)).toHaveLength(3);
  });

  it('comes back for the deleter when they write again themselves (starting about the listing once more)', async () => {
    const c = await newConversation();
    expect((await call('DELETE', `/api/chats/${c.chatId}`, c.buyer.cookie)).statusCode).toBe(204);
    const again = await start(c.buyer, { listingId: c.listingId, sellerId: c.seller.user.id, message: 'Glemte å spørre om service.' });
    expect(json(again)).toEqual({ chatId: c.chatId });
    expect((await chatOf(c.buyer, c.chatId))!.unreadCount).toBe(0);
    expect((await messagesOf(c.buyer, c.chatId)).map((m) => m.content)).toEqual(['Glemte å spørre om service.']);
  });

  it('by both participants keeps the rows: each has deleted it for themselves', async () => {
    const c = await newConversation();
    await call('DELETE', `/api/chats/${c.chatId}`, c.buyer.cookie);
    await call('DELETE', `/api/chats/${c.chatId}`, c.seller.cookie);
    expect(await chatsOf(c.buyer)).toEqual([]);
    expect(await chatsOf(c.seller)).toEqual([]);
    expect(await messageRows(c.chatId)).toHaveLength(1);
  });
});

describe('a participant who is deleted later', () => {
  it('leaves the buyer the chat, readable with the fallbacks, and a reply answers 409', async () => {
    const c = await newConversation();
    await send(c.seller, c.chatId, 'Ja, den er ledig.');
    await deleteUserRow(t.store, c.seller.user.id);

    const [chat] = await chatsOf(c.buyer);
    expect(chat).toMatchObject({
      id: c.chatId,
      // The seller's listings went with them.
      listingId: null,
      carName: null,
      listing: null,
      otherUser: { id: null, name: null, displayName: null, username: null },
      unreadCount: 1,
      lastMessagePreview: 'Ja, den er ledig.',
    });
    const list = await messagesOf(c.buyer, c.chatId);
    expect(list.map((m) => [m.senderId, m.senderDisplayName, m.content])).toEqual([
      [c.buyer.user.id, expect.any(String), 'Hei! Er bilen fortsatt til salgs?'],
      [null, 'Administrator', 'Ja, den er ledig.'],
    ]);

    const before = await snapshot();
    const res = await send(c.buyer, c.chatId, 'Hallo?');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(CHAT_PARTY_GONE_MESSAGE);
    expect(await snapshot()).toEqual(before);
    // Marking and deleting it still work for the one who is left.
    expect((await call('PATCH', `/api/chats/${c.chatId}/mark`, c.buyer.cookie, { isMarked: true })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/chats/${c.chatId}`, c.buyer.cookie)).statusCode).toBe(204);
    expect(await chatsOf(c.buyer)).toEqual([]);
  });

  it('leaves the seller the chat about their listing when the buyer is deleted', async () => {
    const c = await newConversation('Hei, hva er kilometerstanden?');
    await deleteUserRow(t.store, c.buyer.user.id);

    const [chat] = await chatsOf(c.seller);
    expect(chat).toMatchObject({
      id: c.chatId,
      listingId: c.listingId,
      carName: 'Toyota RAV4 2020',
      otherUser: { id: null, name: null, displayName: null, username: null },
      unreadCount: 1,
    });
    expect(await messagesOf(c.seller, c.chatId)).toMatchObject([{ senderId: null, senderDisplayName: 'Administrator', content: 'Hei, hva er kilometerstanden?' }]);
    expect((await chatOf(c.seller, c.chatId))!.unreadCount).toBe(0);
    const res = await send(c.seller, c.chatId, 'Den har gått 45 000 km.');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(CHAT_PARTY_GONE_MESSAGE);
  });

  it('keeps the chat with the car unknown when only the listing is deleted, and it goes on', async () => {
    const c = await newConversation();
    await deleteRows(t.store, 'listings', { id: c.listingId });
    expect(await chatOf(c.buyer, c.chatId)).toMatchObject({ listingId: null, carName: null, listing: null });
    expect((await send(c.seller, c.chatId, 'Bilen er solgt, beklager.')).statusCode).toBe(201);
    expect((await chatOf(c.buyer, c.chatId))!.unreadCount).toBe(1);
  });
});

describe('the chat list', () => {
  /**
   * Counts the SQL statements the app runs while `fn` does (every statement better-sqlite3 executes goes through a
   * statement made by `prepare`, so wrapping it sees them all, drizzle's and the prepared stores' alike; on PostgreSQL
   * every query, pooled or in a transaction, goes through a pg Client's `query`).
   */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
    if (t.store.dialect === 'pg') return pgStatementsDuring(fn);
    const client = t.store.db.$client;
    const seen: string[] = [];
    const original = client.prepare;
    const wrap = (stmt: ReturnType<typeof original>) => {
      for (const method of ['run', 'get', 'all', 'iterate'] as const) {
        const fnOf = stmt[method].bind(stmt) as (...args: unknown[]) => unknown;
        Object.defineProperty(stmt, method, { value: (...args: unknown[]) => (seen.push(stmt.source), fnOf(...args)) });
      }
      return stmt;
    };
    client.prepare = ((source: string) => wrap(original.call(client, source))) as typeof original;
    try {
      await fn();
    } finally {
      client.prepare = original;
    }
    return seen;
  }

  async function pgStatementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      // The event hub publishing earlier messages' events (when its batch happens to flush) is not the list's work.
      if (!text.includes('pg_notify(')) seen.push(text);
      return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof original;
    try {
      await fn();
    } finally {
      pg.Client.prototype.query = original;
    }
    return seen;
  }

  it('answers 30 chats with as many statements as one (no query per chat)', async () => {
    const busy = await loggedInUser(t.store);
    const one = await loggedInUser(t.store);
    const s = await loggedInUser(t.store);
    const makeChat = async (who: User) => {
      const listing = await insertListing(t.store, s.user.id, { make: 'Skoda', model: 'Octavia', year: 2018 });
      await insertListingImage(t.store, listing.id, 0);
      const res = await start(who, { listingId: listing.id, sellerId: s.user.id, message: 'Hei!' });
      await send(s, json(res).chatId, 'Hei tilbake!');
    };
    await makeChat(one);
    for (let i = 0; i < 30; i++) await makeChat(busy);

    let list: ChatShape[] = [];
    const forOne = await statementsDuring(async () => expect(await chatsOf(one)).toHaveLength(1));
    const forThirty = await statementsDuring(async () => {
      list = await chatsOf(busy);
    });
    expect(list).toHaveLength(30);
    expect(list.every((c) => c.listing!.images.length === 1 && c.unreadCount === 1 && c.otherUser.id === s.user.id)).toBe(true);
    expect(forOne.length).toBeGreaterThan(0);
    expect(forThirty).toHaveLength(forOne.length);
    expect(forThirty.length).toBeLessThanOrEqual(5);
  });
});

describe('rate limits (per account)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp();
  });
  afterAll(() => r.close());

  const post = (url: string, cookie: string, body: unknown) =>
    r.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('never hinder a conversation, stop a flood with 429 and Retry-After, and spare another user at the same address', async () => {
    const s = await loggedInUser(r.store);
    const b = await loggedInUser(r.store);
    const other = await loggedInUser(r.store);
    const listing = await insertListing(r.store, s.user.id);
    const started = await post('/api/chats/start', b.cookie, { listingId: listing.id, sellerId: s.user.id, message: 'Hei!' });
    expect(started.statusCode).toBe(201);
    const chatId = json(started).chatId;

    // A lively conversation: thirty lines each within the minute, all delivered.
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/messages', b.cookie, { chatId, content: `Spørsmål ${i}` })).statusCode).toBe(201);
      expect((await post('/api/messages', s.cookie, { chatId, content: `Svar ${i}` })).statusCode).toBe(201);
    }
    // A script: the buyer goes on to the limit; the next one is refused.
    for (let i = 30; i < RATE_LIMITS.chatMessage.max; i++) {
      expect((await post('/api/messages', b.cookie, { chatId, content: `Melding ${i}` })).statusCode).toBe(201);
    }
    const before = await countRows(r.store, 'messages');
    const limited = await post('/api/messages', b.cookie, { chatId, content: 'Én for mye' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(RATE_LIMIT_MESSAGE);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.chatMessage.timeWindow / 1000);
    expect(await countRows(r.store, 'messages')).toBe(before);

    // The seller and a third user behind the same address (every inject comes from 127.0.0.1) write on.
    expect((await post('/api/messages', s.cookie, { chatId, content: 'Er du der?' })).statusCode).toBe(201);
    const otherChat = await post('/api/chats/start', other.cookie, { listingId: listing.id, sellerId: s.user.id, message: 'Hei!' });
    expect(otherChat.statusCode).toBe(201);
    expect((await post('/api/messages', other.cookie, { chatId: json(otherChat).chatId, content: 'Er den ledig?' })).statusCode).toBe(201);
  });

  it('let a buyer write to many sellers, and stop a spammer starting chats', async () => {
    const spammer = await loggedInUser(r.store);
    const s = await loggedInUser(r.store);
    const neighbour = await loggedInUser(r.store);
    const owned = [];
    for (let i = 0; i <= RATE_LIMITS.chatStart.max; i++) owned.push(await insertListing(r.store, s.user.id));
    for (const l of owned.slice(0, RATE_LIMITS.chatStart.max)) {
      expect((await post('/api/chats/start', spammer.cookie, { listingId: l.id, sellerId: s.user.id, message: 'Kjøper bilen kontant!' })).statusCode).toBe(201);
    }
    const chatsBefore = await countRows(r.store, 'chats');
    const limited = await post('/api/chats/start', spammer.cookie, { listingId: owned.at(-1)!.id, sellerId: s.user.id, message: 'Kjøper bilen kontant!' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(r.store, 'chats')).toBe(chatsBefore);
    // Another account at the same address starts its chat.
    expect((await post('/api/chats/start', neighbour.cookie, { listingId: owned.at(-1)!.id, sellerId: s.user.id, message: 'Hei!' })).statusCode).toBe(201);
  });
});
