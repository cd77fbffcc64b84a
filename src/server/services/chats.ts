import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats, listingImages, listings, messages, users, visibleSql, type Chat, type Notification } from '../../../db/schema';
import {
  CHAT_NOT_FOUND_MESSAGE,
  CHAT_OWN_LISTING_MESSAGE,
  CHAT_PARTY_GONE_MESSAGE,
  CHAT_WRONG_SELLER_MESSAGE,
  chatPartyName,
  type ChatShape,
  type MessageShape,
} from '../../shared/schemas/chat';
import { AppError, listingNotFound } from '../errors';
import type { EventHub } from '../realtime/hub';
import { insertNotification, publishNotifications } from './notifications';

// Chats (docs/product/chats.md). A chat is a buyer's conversation with a listing's seller. Each participant reads,
// marks and deletes it for themselves; the other keeps it. Every write commits first and pushes afterwards, to both
// participants (the sender's other tabs too), through the event hub.
//
// Unread and deleted are positions in the message sequence (message ids; db/schema/chats.ts): a participant's unread
// messages are the other party's messages after their read position; a chat they deleted is gone for them until a
// message newer than their hidden position arrives, and then shows only what came after it.

/** How many of a chat's newest messages GET /api/messages/:chatId answers (oldest first). */
export const MESSAGE_PAGE_LIMIT = 500;
/** A reconnecting subscriber gets at most this many missed messages; the page reloads the rest with its queries. */
export const MESSAGE_REPLAY_LIMIT = 500;

const chatNotFound = () => new AppError('NOT_FOUND', CHAT_NOT_FOUND_MESSAGE);

type Role = 'buyer' | 'seller';

function roleOf(chat: Pick<Chat, 'buyerId' | 'sellerId'>, userId: number): Role | null {
  if (chat.buyerId === userId) return 'buyer';
  if (chat.sellerId === userId) return 'seller';
  return null;
}

/** The chat if `userId` takes part in it; anyone else is told it does not exist (404). */
function participantChat(db: Pick<Db, 'select'>, userId: number, chatId: number): { chat: Chat; role: Role } {
  const chat = db.select().from(chats).where(eq(chats.id, chatId)).get();
  const role = chat && roleOf(chat, userId);
  if (!chat || !role) throw chatNotFound();
  return { chat, role };
}

const otherIdOf = (chat: Chat, role: Role) => (role === 'buyer' ? chat.sellerId : chat.buyerId);

interface ChatRow {
  id: number;
  listing_id: number | null;
  created_at: number;
  last_message_at: number | null;
  marked: number;
  unread: number;
  other_id: number | null;
  other_name: string | null;
  other_display_name: string | null;
  other_username: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  last_content: string | null;
}

/**
 * GET /api/chats: the user's chats, newest activity first, in one statement (the other party, the car, the last message
 * and the unread count are joins and correlated look-ups by index, not a query per chat) plus one for the photos.
 */
export function listChats(db: Db, userId: number): ChatShape[] {
  const rows = db.all<ChatRow>(sql`
    SELECT c.id, c.listing_id, c.created_at, c.last_message_at,
      CASE WHEN c.buyer_id = ${userId} THEN c.buyer_marked ELSE c.seller_marked END AS marked,
      (SELECT count(*) FROM messages m
        WHERE m.chat_id = c.id
          AND m.id > CASE WHEN c.buyer_id = ${userId} THEN max(c.buyer_read_id, coalesce(c.buyer_hidden_id, 0))
                          ELSE max(c.seller_read_id, coalesce(c.seller_hidden_id, 0)) END
          AND (m.sender_id IS NULL OR m.sender_id <> ${userId})) AS unread,
      o.id AS other_id, o.name AS other_name, o.display_name AS other_display_name, o.username AS other_username,
      l.make, l.model, l.year,
      (SELECT m.content FROM messages m WHERE m.id = c.last_message_id) AS last_content
    FROM chats c
    LEFT JOIN users o ON o.id = CASE WHEN c.buyer_id = ${userId} THEN c.seller_id ELSE c.buyer_id END
    LEFT JOIN listings l ON l.id = c.listing_id
    WHERE (c.buyer_id = ${userId} AND c.last_message_id > coalesce(c.buyer_hidden_id, -1))
       OR (c.seller_id = ${userId} AND c.last_message_id > coalesce(c.seller_hidden_id, -1))
    ORDER BY c.last_message_id DESC, c.id DESC`);
  if (rows.length === 0) return [];

  const me = db.select({ displayName: users.displayName, name: users.name }).from(users).where(eq(users.id, userId)).get();
  const images = photosOf(db, rows.map((r) => r.listing_id).filter((id): id is number => id !== null));
  return rows.map((r) => ({
    id: r.id,
    listingId: r.listing_id,
    createdAt: new Date(r.created_at).toISOString(),
    unreadCount: r.unread,
    lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at).toISOString(),
    lastMessagePreview: r.last_content === null ? null : preview(r.last_content),
    marked: r.marked === 1,
    otherUser: { id: r.other_id, name: r.other_name, displayName: r.other_display_name, username: r.other_username },
    currentUser: { displayName: me?.displayName || me?.name || null },
    carName: r.make === null ? null : `${r.make} ${r.model ?? ''} ${r.year ?? ''}`.replace(/\s+/g, ' ').trim(),
    listing:
      r.listing_id === null || r.make === null
        ? null
        : {
            id: r.listing_id,
            make: r.make,
            model: r.model ?? '',
            year: r.year ?? 0,
            images: images.get(r.listing_id)?.urls ?? [],
            thumbUrl: images.get(r.listing_id)?.thumbUrl ?? null,
          },
  }));
}

/** The first line of a message, shortened for the list. */
function preview(content: string): string {
  const line = content.split('\n', 1)[0];
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The photos of several listings in one query, in their order. */
function photosOf(db: Db, listingIds: number[]): Map<number, { urls: string[]; thumbUrl: string }> {
  const byListing = new Map<number, { urls: string[]; thumbUrl: string }>();
  if (listingIds.length === 0) return byListing;
  const rows = db
    .select({ listingId: listingImages.listingId, url: listingImages.url, thumbUrl: listingImages.thumbUrl })
    .from(listingImages)
    .where(inArray(listingImages.listingId, [...new Set(listingIds)]))
    .orderBy(asc(listingImages.listingId), asc(listingImages.position))
    .all();
  for (const r of rows) {
    const photos = byListing.get(r.listingId!);
    if (photos) photos.urls.push(r.url);
    else byListing.set(r.listingId!, { urls: [r.url], thumbUrl: r.thumbUrl || r.url });
  }
  return byListing;
}

const messageColumns = {
  id: messages.id,
  chatId: messages.chatId,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
  name: users.name,
  displayName: users.displayName,
  username: users.username,
};

type MessageRow = { id: number; chatId: number; senderId: number | null; content: string; createdAt: Date } & {
  name: string | null;
  displayName: string | null;
  username: string | null;
};

function toMessageShape(r: MessageRow): MessageShape {
  return {
    id: r.id,
    chatId: r.chatId,
    senderId: r.senderId,
    senderDisplayName: chatPartyName(r),
    content: r.content,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * GET /api/messages/:chatId: the chat's messages for a participant (anyone else: 404), oldest first, the newest
 * MESSAGE_PAGE_LIMIT of them. Reading marks them read for the reader.
 */
export function chatMessages(db: Db, userId: number, chatId: number): MessageShape[] {
  const { chat, role } = participantChat(db, userId, chatId);
  const hidden = (role === 'buyer' ? chat.buyerHiddenId : chat.sellerHiddenId) ?? 0;
  const rows = db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.chatId, chatId), sql`${messages.id} > ${hidden}`))
    .orderBy(sql`${messages.id} DESC`)
    .limit(MESSAGE_PAGE_LIMIT)
    .all();
  const readId = role === 'buyer' ? chat.buyerReadId : chat.sellerReadId;
  if (chat.lastMessageId > readId) {
    db.update(chats)
      .set(role === 'buyer' ? { buyerReadId: chat.lastMessageId } : { sellerReadId: chat.lastMessageId })
      .where(eq(chats.id, chatId))
      .run();
  }
  return rows.reverse().map(toMessageShape);
}

/** Inserts a message in a transaction and moves the chat's positions: the sender has read up to their own message. */
function insertMessage(tx: Pick<Db, 'insert' | 'update' | 'select'>, chat: Chat, role: Role, senderId: number, content: string): MessageShape {
  const row = tx.insert(messages).values({ chatId: chat.id, senderId, content }).returning().get();
  tx.update(chats)
    .set({
      lastMessageId: row.id,
      lastMessageAt: row.createdAt,
      ...(role === 'buyer' ? { buyerReadId: row.id } : { sellerReadId: row.id }),
    })
    .where(eq(chats.id, chat.id))
    .run();
  const sender = tx.select({ name: users.name, displayName: users.displayName, username: users.username }).from(users).where(eq(users.id, senderId)).get();
  return toMessageShape({ ...row, name: sender?.name ?? null, displayName: sender?.displayName ?? null, username: sender?.username ?? null });
}

/** Pushes a committed message to both participants (the sender's other tabs show it too). */
function publishMessage(hub: EventHub, chat: Pick<Chat, 'buyerId' | 'sellerId'>, message: MessageShape) {
  for (const userId of [chat.buyerId, chat.sellerId]) if (userId !== null) hub.publish(userId, { kind: 'message', message });
}

/** POST /api/messages: a participant writes; 404 for anyone else; 409 when the other party's account is gone. */
export function sendMessage(db: Db, hub: EventHub, userId: number, input: { chatId: number; content: string }): MessageShape {
  const { chat, message } = db.transaction((tx) => {
    const { chat, role } = participantChat(tx, userId, input.chatId);
    if (otherIdOf(chat, role) === null) throw new AppError('CONFLICT', CHAT_PARTY_GONE_MESSAGE);
    return { chat, message: insertMessage(tx, chat, role, userId, input.content) };
  });
  publishMessage(hub, chat, message);
  return message;
}

/**
 * POST /api/chats/start: the buyer's first message about a visible listing. Reuses the buyer's chat for that listing
 * (docs/product/api.md); a new chat tells the seller with a notification. Nobody chats with themselves (403), the
 * seller must be the listing's owner (400), and a listing the buyer cannot see answers 404.
 */
export function startChat(
  db: Db,
  hub: EventHub,
  userId: number,
  input: { listingId: number; sellerId: number; message: string },
): { chatId: number; created: boolean; message: MessageShape } {
  const result = db.transaction((tx) => {
    const listing = tx
      .select({ id: listings.id, userId: listings.userId, make: listings.make, model: listings.model })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), visibleSql(listings)))
      .get();
    if (!listing) throw listingNotFound();
    if (listing.userId === userId) throw new AppError('FORBIDDEN', CHAT_OWN_LISTING_MESSAGE);
    if (listing.userId !== input.sellerId) throw new AppError('BAD_REQUEST', CHAT_WRONG_SELLER_MESSAGE, { sellerId: CHAT_WRONG_SELLER_MESSAGE });

    const existing = tx.select().from(chats).where(and(eq(chats.listingId, listing.id), eq(chats.buyerId, userId))).get();
    const chat = existing ?? tx.insert(chats).values({ listingId: listing.id, buyerId: userId, sellerId: listing.userId }).returning().get();
    const message = insertMessage(tx, chat, 'buyer', userId, input.message);
    let notification: Notification | undefined;
    if (!existing) {
      notification = insertNotification(tx, listing.userId, {
        type: 'info',
        title: `Ny chat om ${listing.make} ${listing.model}`.trim(),
        message: `${message.senderDisplayName}: ${preview(input.message)}`,
        data: { chatId: chat.id, listingId: listing.id },
      });
    }
    return { chat, message, notification };
  });
  publishMessage(hub, result.chat, result.message);
  if (result.notification) publishNotifications(hub, [result.notification]);
  return { chatId: result.chat.id, created: result.notification !== undefined, message: result.message };
}

/** PATCH /api/chats/:id/mark: the caller's own mark. */
export function markChat(db: Db, userId: number, chatId: number, isMarked: boolean): { chatId: number; marked: boolean } {
  const { role } = participantChat(db, userId, chatId);
  db.update(chats)
    .set(role === 'buyer' ? { buyerMarked: isMarked } : { sellerMarked: isMarked })
    .where(eq(chats.id, chatId))
    .run();
  return { chatId, marked: isMarked };
}

/** DELETE /api/chats/:id: gone for the caller (with what was said so far); the other participant keeps it. */
export function deleteChat(db: Db, userId: number, chatId: number): void {
  const { chat, role } = participantChat(db, userId, chatId);
  const at = chat.lastMessageId;
  db.update(chats)
    .set(role === 'buyer' ? { buyerHiddenId: at, buyerReadId: at, buyerMarked: false } : { sellerHiddenId: at, sellerReadId: at, sellerMarked: false })
    .where(eq(chats.id, chatId))
    .run();
}

/**
 * Messages of the user's chats stored after `afterId`, oldest first: what a reconnecting subscription missed. A chat
 * the user deleted gives only what came after its hidden position, as its page does (chatMessages).
 */
export function messagesAfter(db: Db, userId: number, afterId: number): MessageShape[] {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        sql`${messages.id} > ${afterId}`,
        or(
          and(eq(chats.buyerId, userId), sql`${messages.id} > coalesce(${chats.buyerHiddenId}, 0)`),
          and(eq(chats.sellerId, userId), sql`${messages.id} > coalesce(${chats.sellerHiddenId}, 0)`),
        ),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(MESSAGE_REPLAY_LIMIT)
    .all()
    .map(toMessageShape);
}
