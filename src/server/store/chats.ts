// Only how a message is stored differs by store: on PostgreSQL it is one statement with its NOTIFY (store/pg/chats.ts).
import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Chat, ListingImage, Message, Notification } from '../../../db/schema';
import type { Q, Tables } from './dialect';
import { imagesOf, type NamedListing } from './listings';
import { insertNotification, type NewNotification } from './notifications';
import { afterIdParam, isRowId, Repository } from './repository';
import { isSold, isVisible } from './rules';

/** A message with its sender's names (null when the sender's account is gone). */
export type MessageRow = Pick<Message, 'id' | 'chatId' | 'senderId' | 'content' | 'createdAt'> & {
  name: string | null;
  displayName: string | null;
  username: string | null;
};

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

export type StartChatResult =
  | { status: 'listing-not-found' | 'listing-sold' | 'own-listing' | 'wrong-seller' }
  | { status: 'ok'; chat: ChatParties; created: boolean; message: MessageRow; notification: Notification | undefined };

export type SendMessageResult = { status: 'not-found' | 'party-gone' } | { status: 'ok'; chat: ChatParties; message: MessageRow };

/** A row of the list's SQL: times in ms, `marked` 0/1 on SQLite, `unread` a bigint's text on PostgreSQL. */
type ChatSqlRow = Pick<ChatListRow, 'id' | 'listingId' | 'lastContent'> & Omit<ChatListRow['other'], 'id'> & {
  createdAt: number;
  lastMessageAt: number | null;
  marked: boolean | number;
  unread: number | string;
  otherId: number | null;
  make: string | null;
  model: string | null;
  year: number | null;
};

/** Messages with their senders' names, as MessageRow; the caller adds its filter and order. */
const selectMessages = (q: Q, { messages: { id, chatId, senderId, content, createdAt }, messages, users }: Tables) =>
  q.select({ id, chatId, senderId, content, createdAt, ...senderNames(users) }).from(messages).leftJoin(users, eq(users.id, senderId));

const senderNames = (users: Tables['users']) => ({ name: users.name, displayName: users.displayName, username: users.username });

export class ChatsRepo extends Repository {
  /**
   * The user's chats they have not hidden, newest activity first, with their own names for the header: one statement for the chats
   * (joins and look-ups by index, no query per chat), one for their photos.
   */
  async list(userId: number): Promise<{ chats: ChatListRow[]; me: { name: string; displayName: string | null } | null }> {
    const { d } = this;
    const readUpTo = (read: SQL, hidden: SQL) => d.greatest(read, sql`coalesce(${hidden}, 0)`);
    const rows = await d.rows<ChatSqlRow & Record<string, unknown>>(
      this.db,
      sql`
      SELECT c.id, c.listing_id AS "listingId", ${d.epochMs(sql`c.created_at`)} AS "createdAt", ${d.epochMs(sql`c.last_message_at`)} AS "lastMessageAt",
        CASE WHEN c.buyer_id = ${userId} THEN c.buyer_marked ELSE c.seller_marked END AS marked,
        (SELECT count(*) FROM messages m
          WHERE m.chat_id = c.id
            AND m.id > CASE WHEN c.buyer_id = ${userId} THEN ${readUpTo(sql`c.buyer_read_id`, sql`c.buyer_hidden_id`)}
                            ELSE ${readUpTo(sql`c.seller_read_id`, sql`c.seller_hidden_id`)} END
            AND (m.sender_id IS NULL OR m.sender_id <> ${userId})) AS unread,
        o.id AS "otherId", o.name, o.display_name AS "displayName", o.username,
        l.make, l.model, l.year,
        (SELECT m.content FROM messages m WHERE m.id = c.last_message_id) AS "lastContent"
      FROM chats c
      LEFT JOIN users o ON o.id = CASE WHEN c.buyer_id = ${userId} THEN c.seller_id ELSE c.buyer_id END
      LEFT JOIN listings l ON l.id = c.listing_id
      WHERE (c.buyer_id = ${userId} AND c.last_message_id > coalesce(c.buyer_hidden_id, -1))
         OR (c.seller_id = ${userId} AND c.last_message_id > coalesce(c.seller_hidden_id, -1))
      ORDER BY c.last_message_id DESC, c.id DESC`,
    );
    if (rows.length === 0) return { chats: [], me: null };
    const { users } = this.t;
    const [me] = await this.db.select({ name: users.name, displayName: users.displayName }).from(users).where(eq(users.id, userId));
    const photos = await imagesOf(this.db, this.t, [...new Set(rows.flatMap((r) => r.listingId ?? []))]);
    return {
      me: me ?? null,
      chats: rows.map(({ id, listingId, lastContent, createdAt, lastMessageAt, otherId, name, displayName, username, make, model, year, ...r }) => ({
        id,
        listingId,
        createdAt: new Date(createdAt),
        lastMessageAt: lastMessageAt === null ? null : new Date(lastMessageAt),
        marked: Boolean(r.marked),
        unread: Number(r.unread),
        other: { id: otherId, name, displayName, username },
        car: make === null ? null : { make, model, year },
        lastContent,
        photos: chatPhotos(listingId === null ? undefined : photos.get(listingId)),
      })),
    };
  }

  private async participant(q: Q, userId: number, chatId: number): Promise<{ chat: Chat; role: 'buyer' | 'seller' } | null> {
    if (!isRowId(chatId)) return null;
    const { chats } = this.t;
    const [chat] = await q.select().from(chats).where(eq(chats.id, chatId));
    const role = chat?.buyerId === userId ? 'buyer' : chat?.sellerId === userId ? 'seller' : null;
    return role ? { chat, role } : null;
  }

  /**
   * A participant's messages after their hidden position, the newest `limit` of them, oldest first; moves their read
   * position to the chat's last message. Null when `userId` does not take part in the chat.
   */
  async readMessages(userId: number, chatId: number, limit: number): Promise<MessageRow[] | null> {
    const { chats, messages } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      const found = await this.participant(tx, userId, chatId);
      if (!found) return null;
      const { chat, role } = found;
      const hidden = (role === 'buyer' ? chat.buyerHiddenId : chat.sellerHiddenId) ?? 0;
      const newest = selectMessages(tx, this.t).where(and(eq(messages.chatId, chatId), gt(messages.id, hidden)));
      const rows = await newest.orderBy(desc(messages.id)).limit(limit);
      const readId = role === 'buyer' ? chat.buyerReadId : chat.sellerReadId;
      if (chat.lastMessageId > readId) {
        // The larger: a read position never moves back, whichever of two concurrent reads commits last.
        const upTo = (column: object) => this.d.greatest(sql`${column}`, sql`${chat.lastMessageId}`);
        const read = role === 'buyer' ? { buyerReadId: upTo(chats.buyerReadId) } : { sellerReadId: upTo(chats.sellerReadId) };
        await tx.update(chats).set(read).where(eq(chats.id, chatId));
      }
      return rows.reverse();
    });
  }

  /** A participant's message, in one transaction that moves the chat on; ids commit in order (docs/store.md#ids-in-commit-order). */
  async send(userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    return this.d.transaction(this.db, (tx) => this.storeMessage(tx, userId, chatId, content));
  }

  /**
   * Stores a participant's message in the caller's transaction, if the other party is still there, and moves the chat on (last
   * message, the sender's read position); SQLite's one writer keeps ids in commit order, store/pg/chats.ts one statement.
   */
  protected async storeMessage(q: Q, userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    const found = await this.participant(q, userId, chatId);
    if (!found) return { status: 'not-found' };
    const { chat, role } = found;
    if ((role === 'buyer' ? chat.sellerId : chat.buyerId) === null) return { status: 'party-gone' };
    const { chats, messages, users } = this.t;
    const [row] = await q.insert(messages).values({ chatId, senderId: userId, content }).returning();
    const read = role === 'buyer' ? { buyerReadId: row.id } : { sellerReadId: row.id };
    await q.update(chats).set({ lastMessageId: row.id, lastMessageAt: row.createdAt, ...read }).where(eq(chats.id, chatId));
    const [sender = { name: null, displayName: null, username: null }] = await q.select(senderNames(users)).from(users).where(eq(users.id, userId));
    return { status: 'ok', chat, message: { ...row, ...sender } };
  }

  /**
   * The buyer's first (or next) message about a visible listing: the chat is made once whatever the concurrency
   * (chats_listing_buyer_uq), and only its maker inserts the seller's notification, built by `notify`.
   */
  async start(
    input: { listingId: number; buyerId: number; sellerId: number; content: string },
    notify: (listing: NamedListing, message: MessageRow) => NewNotification,
  ): Promise<StartChatResult> {
    if (!isRowId(input.listingId)) return { status: 'listing-not-found' };
    const { chats, listings } = this.t;
    const { id, userId, make, model, status, active, soldAt } = listings;
    return this.d.transaction(this.db, async (tx): Promise<StartChatResult> => {
      const [found] = await tx.select({ id, userId, make, model, status, active, soldAt }).from(listings).where(eq(id, input.listingId));
      if (found && isSold(found)) return { status: 'listing-sold' };
      if (!found || !isVisible(found)) return { status: 'listing-not-found' };
      const listing = { id: found.id, userId: found.userId, make: found.make, model: found.model };
      if (listing.userId === input.buyerId) return { status: 'own-listing' };
      if (listing.userId !== input.sellerId) return { status: 'wrong-seller' };
      // On PostgreSQL a concurrent start waits for the other's commit, inserts nothing and reads its chat (docs/store.md#writes-that-happen-once).
      const values = { listingId: listing.id, buyerId: input.buyerId, sellerId: listing.userId };
      const [inserted] = await tx.insert(chats).values(values).onConflictDoNothing({ target: [chats.listingId, chats.buyerId] }).returning();
      const chat = inserted ?? (await tx.select().from(chats).where(and(eq(chats.listingId, listing.id), eq(chats.buyerId, input.buyerId))))[0];
      // Our own chat or one committed, with this buyer and the owner as seller: the message cannot find it missing or its seller gone.
      const sent = await this.storeMessage(tx, input.buyerId, chat.id, input.content);
      if (sent.status !== 'ok') throw new Error(`chat ${chat.id}: a new message was refused (${sent.status})`);
      const notification = inserted ? await insertNotification(tx, this, listing.userId, notify(listing, sent.message)) : undefined;
      return { status: 'ok', chat, created: inserted !== undefined, message: sent.message, notification };
    });
  }

  /** The caller's own mark; false when they do not take part in the chat. */
  async mark(userId: number, chatId: number, marked: boolean): Promise<boolean> {
    const found = await this.participant(this.db, userId, chatId);
    if (!found) return false;
    const { chats } = this.t;
    await this.db.update(chats).set(found.role === 'buyer' ? { buyerMarked: marked } : { sellerMarked: marked }).where(eq(chats.id, chatId));
    return true;
  }

  /** Hides the chat for the caller up to its last message (read, unmarked); false when they do not take part. */
  async hide(userId: number, chatId: number): Promise<boolean> {
    const found = await this.participant(this.db, userId, chatId);
    if (!found) return false;
    const { chats } = this.t;
    // The chat's last message as the update reads it, not as read above: a message committed in between stays visible.
    const at = sql`${chats.lastMessageId}`;
    const hidden =
      found.role === 'buyer' ? { buyerHiddenId: at, buyerReadId: at, buyerMarked: false } : { sellerHiddenId: at, sellerReadId: at, sellerMarked: false };
    await this.db.update(chats).set(hidden).where(eq(chats.id, chatId));
    return true;
  }

  /** Messages of the user's chats after `afterId` (and after their hidden positions), oldest first, at most `limit`. */
  async messagesAfter(userId: number, afterId: number, limit: number): Promise<MessageRow[]> {
    const { chats, messages } = this.t;
    const shown = (hiddenId: object) => sql`${messages.id} > coalesce(${hiddenId}, 0)`;
    const asBuyer = and(eq(chats.buyerId, userId), shown(chats.buyerHiddenId));
    const asSeller = and(eq(chats.sellerId, userId), shown(chats.sellerHiddenId));
    const rows = selectMessages(this.db, this.t).innerJoin(chats, eq(chats.id, messages.chatId));
    return rows.where(and(sql`${messages.id} > ${afterIdParam(afterId)}`, or(asBuyer, asSeller))).orderBy(asc(messages.id)).limit(limit);
  }

  /** Messages by id, as a subscriber's event shows them, in id order (missing ones left out): how another instance's ids are loaded. */
  async messagesByIds(ids: readonly number[]): Promise<MessageRow[]> {
    const valid = ids.filter(isRowId);
    if (valid.length === 0) return [];
    return selectMessages(this.db, this.t).where(inArray(this.t.messages.id, valid)).orderBy(asc(this.t.messages.id));
  }

  /** One chat by id (tests and checks). */
  async find(chatId: number): Promise<Chat | null> {
    if (!isRowId(chatId)) return null;
    const [chat] = await this.db.select().from(this.t.chats).where(eq(this.t.chats.id, chatId));
    return chat ?? null;
  }
}

/** The listing's photos in order, and the first one's thumbnail. */
function chatPhotos(images: ListingImage[] | undefined): ChatListRow['photos'] {
  return images?.length ? { urls: images.map((i) => i.url), thumbUrl: images[0].thumbUrl || images[0].url } : null;
}
