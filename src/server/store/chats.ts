// The repository of chats and their messages (docs/decisions/018-postgresql.md): implemented in store/sqlite/chats.ts and store/pg/chats.ts.
import type { Chat } from '../../../db/schema';
import type { NewNotification, NotificationRow } from './notifications';

export type ChatRole = 'buyer' | 'seller';

/** A message with its sender's names (null when the sender's account is gone). */
export interface MessageRow {
  id: number;
  chatId: number;
  senderId: number | null;
  content: string;
  createdAt: Date;
  name: string | null;
  displayName: string | null;
  username: string | null;
}

/** One chat of a user's list, as the participant `userId` sees it. */
export interface ChatListRow {
  id: number;
  listingId: number | null;
  createdAt: Date;
  lastMessageAt: Date | null;
  marked: boolean;
  /** The other party's messages after the user's read (or hidden) position. */
  unread: number;
  other: { id: number | null; name: string | null; displayName: string | null; username: string | null };
  /** Null when the listing is gone. */
  car: { make: string; model: string | null; year: number | null } | null;
  lastContent: string | null;
  /** The listing's photos in order, and the first one's thumbnail. */
  photos: { urls: string[]; thumbUrl: string } | null;
}

export type ChatParties = Pick<Chat, 'id' | 'buyerId' | 'sellerId'>;

/** The listing a chat is started about, as the new chat's notification names it. */
export interface ChatListing {
  id: number;
  userId: number;
  make: string;
  model: string;
}

/**
 * `published`: the store has told every instance of the message itself, in its commit (PostgreSQL's NOTIFY from the
 * statement that stores it: store/pg/events.ts); otherwise the caller publishes it on the hub.
 */
export type StartChatResult =
  | { status: 'listing-not-found' | 'listing-sold' | 'own-listing' | 'wrong-seller' }
  | { status: 'ok'; chat: ChatParties; created: boolean; message: MessageRow; notification: NotificationRow | undefined; published: boolean };

export type SendMessageResult = { status: 'not-found' | 'party-gone' } | { status: 'ok'; chat: ChatParties; message: MessageRow; published: boolean };

export interface ChatsRepo {
  /**
   * The user's chats they have not hidden, newest activity first, with the user's own names (for the page's header).
   * One statement for the chats, one for their photos.
   */
  list(userId: number): Promise<{ chats: ChatListRow[]; me: { name: string; displayName: string | null } | null }>;
  /**
   * A participant's messages after their hidden position, the newest `limit` of them, oldest first; moves their read
   * position to the chat's last message. Null when `userId` does not take part in the chat.
   */
  readMessages(userId: number, chatId: number, limit: number): Promise<MessageRow[] | null>;
  /**
   * A participant's message, in one transaction with the chat's last message and the sender's read position. Message
   * ids grow in the order messages commit, so a replay by id misses nothing that was committed.
   */
  send(userId: number, chatId: number, content: string): Promise<SendMessageResult>;
  /**
   * The buyer's first (or next) message about a visible listing: the chat of this listing and buyer is made once,
   * whatever the concurrency (chats_listing_buyer_uq), and only the one that made it inserts the seller's notification
   * (built by `notify` from the listing and the stored message).
   */
  start(
    input: { listingId: number; buyerId: number; sellerId: number; content: string },
    notify: (listing: ChatListing, message: MessageRow) => NewNotification,
  ): Promise<StartChatResult>;
  /** The caller's own mark; false when they do not take part in the chat. */
  mark(userId: number, chatId: number, marked: boolean): Promise<boolean>;
  /** Hides the chat for the caller up to its last message (read, unmarked); false when they do not take part. */
  hide(userId: number, chatId: number): Promise<boolean>;
  /** Messages of the user's chats after `afterId` (and after their hidden positions), oldest first, at most `limit`. */
  messagesAfter(userId: number, afterId: number, limit: number): Promise<MessageRow[]>;
  /**
   * Messages by id, as a subscriber's event shows them, in id order (missing ids left out): what another instance's
   * published ids are loaded by.
   */
  messagesByIds(ids: readonly number[]): Promise<MessageRow[]>;
  /** One chat by id (tests and checks). */
  find(chatId: number): Promise<Chat | null>;
}

/** Whose side of the chat `userId` is on; null for anyone else. */
export function roleOf(chat: Pick<Chat, 'buyerId' | 'sellerId'>, userId: number): ChatRole | null {
  if (chat.buyerId === userId) return 'buyer';
  if (chat.sellerId === userId) return 'seller';
  return null;
}
