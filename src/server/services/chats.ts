import type { Chat } from '../../../db/schema';
import {
  CHAT_NOT_FOUND_MESSAGE,
  CHAT_OWN_LISTING_MESSAGE,
  CHAT_PARTY_GONE_MESSAGE,
  CHAT_WRONG_SELLER_MESSAGE,
  chatPartyName,
  type ChatShape,
  type MessageShape,
} from '../../shared/schemas/chat';
import { chatMessageWarning } from '../../shared/chat-warning';
import { AppError, listingNotFound } from '../errors';
import { SOLD_TEXTS } from '../../shared/schemas/listing';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import type { ChatListRow, MessageRow } from '../store/chats';
import { publishNotifications } from './notifications';

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

/**
 * GET /api/chats: the user's chats, newest activity first, in one statement (the other party, the car, the last message
 * and the unread count are joins and correlated look-ups by index, not a query per chat) plus one for the photos.
 */
export async function listChats(store: Store, userId: number): Promise<ChatShape[]> {
  const { chats, me } = await store.chats.list(userId);
  return chats.map((r) => toChatShape(r, me));
}

function toChatShape(r: ChatListRow, me: { name: string; displayName: string | null } | null): ChatShape {
  return {
    id: r.id,
    listingId: r.listingId,
    createdAt: r.createdAt.toISOString(),
    unreadCount: r.unread,
    lastMessageAt: r.lastMessageAt === null ? null : r.lastMessageAt.toISOString(),
    lastMessagePreview: r.lastContent === null ? null : preview(r.lastContent),
    marked: r.marked,
    otherUser: r.other,
    currentUser: { displayName: me?.displayName || me?.name || null },
    carName: r.car === null ? null : `${r.car.make} ${r.car.model ?? ''} ${r.car.year ?? ''}`.replace(/\s+/g, ' ').trim(),
    listing:
      r.listingId === null || r.car === null
        ? null
        : {
            id: r.listingId,
            make: r.car.make,
            model: r.car.model ?? '',
            year: r.car.year ?? 0,
            images: r.photos?.urls ?? [],
            thumbUrl: r.photos?.thumbUrl ?? null,
          },
  };
}

/** The first line of a message, shortened for the list. */
function preview(content: string): string {
  const line = content.split('\n', 1)[0];
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function toMessageShape(r: MessageRow): MessageShape {
  return {
    id: r.id,
    chatId: r.chatId,
    senderId: r.senderId,
    senderDisplayName: chatPartyName(r),
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    // From the text whenever it is read or pushed, so every path (page, push, replay, another instance) agrees.
    warning: chatMessageWarning(r.content),
  };
}

/**
 * GET /api/messages/:chatId: the chat's messages for a participant (anyone else: 404), oldest first, the newest
 * MESSAGE_PAGE_LIMIT of them. Reading marks them read for the reader.
 */
export async function chatMessages(store: Store, userId: number, chatId: number): Promise<MessageShape[]> {
  const rows = await store.chats.readMessages(userId, chatId, MESSAGE_PAGE_LIMIT);
  if (!rows) throw chatNotFound();
  return rows.map(toMessageShape);
}

/** Tells the hub of a committed message for both participants (the sender's other tabs show it too). */
function messageStored(hub: EventHub, chat: Pick<Chat, 'buyerId' | 'sellerId'>, message: MessageShape) {
  hub.messageStored(message, [chat.buyerId, chat.sellerId].filter((id) => id !== null));
}

/** POST /api/messages: a participant writes; 404 for anyone else; 409 when the other party's account is gone. */
export async function sendMessage(store: Store, hub: EventHub, userId: number, input: { chatId: number; content: string }): Promise<MessageShape> {
  const result = await store.chats.send(userId, input.chatId, input.content);
  if (result.status !== 'ok') throw result.status === 'not-found' ? chatNotFound() : new AppError('CONFLICT', CHAT_PARTY_GONE_MESSAGE);
  const message = toMessageShape(result.message);
  messageStored(hub, result.chat, message);
  return message;
}

/**
 * POST /api/chats/start: the buyer's first message about a visible listing. Reuses the buyer's chat for that listing
 * (docs/product/api.md), also when two starts race; a new chat tells the seller with a notification. Nobody chats with
 * themselves (403), the seller must be the listing's owner (400), and a listing the buyer cannot see answers 404.
 */
export async function startChat(
  store: Store,
  hub: EventHub,
  userId: number,
  input: { listingId: number; sellerId: number; message: string },
): Promise<{ chatId: number; created: boolean; message: MessageShape }> {
  const result = await store.chats.start(
    { listingId: input.listingId, buyerId: userId, sellerId: input.sellerId, content: input.message },
    (listing, message) => ({
      type: 'info',
      title: `Ny chat om ${listing.make} ${listing.model}`.trim(),
      message: `${chatPartyName(message)}: ${preview(input.message)}`,
      data: { chatId: message.chatId, listingId: listing.id },
    }),
  );
  if (result.status !== 'ok') throw startRefused(result.status);
  const message = toMessageShape(result.message);
  messageStored(hub, result.chat, message);
  if (result.notification) publishNotifications(hub, [result.notification]);
  return { chatId: result.chat.id, created: result.created, message };
}

function startRefused(status: 'listing-not-found' | 'listing-sold' | 'own-listing' | 'wrong-seller'): AppError {
  if (status === 'listing-not-found') return listingNotFound();
  // A sold car's page still opens, so say why (docs/product/states.md#sold); its existing chats go on.
  if (status === 'listing-sold') return new AppError('CONFLICT', SOLD_TEXTS.chatRefused);
  if (status === 'own-listing') return new AppError('FORBIDDEN', CHAT_OWN_LISTING_MESSAGE);
  return new AppError('BAD_REQUEST', CHAT_WRONG_SELLER_MESSAGE, { sellerId: CHAT_WRONG_SELLER_MESSAGE });
}

/** PATCH /api/chats/:id/mark: the caller's own mark. */
export async function markChat(store: Store, userId: number, chatId: number, isMarked: boolean): Promise<{ chatId: number; marked: boolean }> {
  if (!(await store.chats.mark(userId, chatId, isMarked))) throw chatNotFound();
  return { chatId, marked: isMarked };
}

/** DELETE /api/chats/:id: gone for the caller (with what was said so far); the other participant keeps it. */
export async function deleteChat(store: Store, userId: number, chatId: number): Promise<void> {
  if (!(await store.chats.hide(userId, chatId))) throw chatNotFound();
}

/**
 * Messages of the user's chats stored after `afterId`, oldest first: what a reconnecting subscription missed. A chat
 * the user deleted gives only what came after its hidden position, as its page does (chatMessages).
 */
/** A message as its subscribers see it, by id (another instance published it: realtime/pg-hub.ts). */
export async function messagesByIds(store: Store, ids: readonly number[]): Promise<MessageShape[]> {
  return (await store.chats.messagesByIds(ids)).map(toMessageShape);
}

export async function messagesAfter(store: Store, userId: number, afterId: number): Promise<MessageShape[]> {
  return (await store.chats.messagesAfter(userId, afterId, MESSAGE_REPLAY_LIMIT)).map(toMessageShape);
}
