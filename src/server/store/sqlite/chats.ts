import { isSold, isVisible } from '../rules';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { chats, listingImages, listings, messages, users, type Chat } from '../../../../db/schema';
import { roleOf, type ChatListing, type ChatListRow, type ChatRole, type ChatsRepo, type MessageRow, type SendMessageResult, type StartChatResult } from '../chats';
import type { NewNotification } from '../notifications';
import { insertNotificationSqlite } from './notifications';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

interface ChatSqlRow {
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

export class SqliteChatsRepo implements ChatsRepo {
  constructor(readonly db: Db) {}

  async list(userId: number): Promise<{ chats: ChatListRow[]; me: { name: string; displayName: string | null } | null }> {
    // The other party, the car, the last message and the unread count are joins and correlated look-ups by index,
    // not a query per chat.
    const rows = this.db.all<ChatSqlRow>(sql`
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
    if (rows.length === 0) return { chats: [], me: null };
    const me = this.db.select({ name: users.name, displayName: users.displayName }).from(users).where(eq(users.id, userId)).get() ?? null;
    const photos = this.photosOf(rows.map((r) => r.listing_id).filter((id): id is number => id !== null));
    return {
      me,
      chats: rows.map((r) => ({
        id: r.id,
        listingId: r.listing_id,
        createdAt: new Date(r.created_at),
        lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at),
        marked: r.marked === 1,
        unread: r.unread,
        other: { id: r.other_id, name: r.other_name, displayName: r.other_display_name, username: r.other_username },
        car: r.make === null ? null : { make: r.make, model: r.model, year: r.year },
        lastContent: r.last_content,
        photos: (r.listing_id !== null && photos.get(r.listing_id)) || null,
      })),
    };
  }

  /** The photos of several listings in one query, in their order. */
  private photosOf(listingIds: number[]): Map<number, { urls: string[]; thumbUrl: string }> {
    const byListing = new Map<number, { urls: string[]; thumbUrl: string }>();
    if (listingIds.length === 0) return byListing;
    const rows = this.db
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

  private participant(tx: Pick<Db, 'select'>, userId: number, chatId: number): { chat: Chat; role: ChatRole } | null {
    const chat = tx.select().from(chats).where(eq(chats.id, chatId)).get();
    const role = chat && roleOf(chat, userId);
    return chat && role ? { chat, role } : null;
  }

  async readMessages(userId: number, chatId: number, limit: number): Promise<MessageRow[] | null> {
    return this.db.transaction((tx) => {
      const found = this.participant(tx, userId, chatId);
      if (!found) return null;
      const { chat, role } = found;
      const hidden = (role === 'buyer' ? chat.buyerHiddenId : chat.sellerHiddenId) ?? 0;
      const rows = tx
        .select(messageColumns)
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(and(eq(messages.chatId, chatId), sql`${messages.id} > ${hidden}`))
        .orderBy(sql`${messages.id} DESC`)
        .limit(limit)
        .all();
      const readId = role === 'buyer' ? chat.buyerReadId : chat.sellerReadId;
      if (chat.lastMessageId > readId) {
        tx.update(chats)
          .set(role === 'buyer' ? { buyerReadId: chat.lastMessageId } : { sellerReadId: chat.lastMessageId })
          .where(eq(chats.id, chatId))
          .run();
      }
      return rows.reverse();
    });
  }

  /** Inserts a message and moves the chat's positions: the sender has read up to their own message. */
  private insertMessage(tx: Tx, chatId: number, role: ChatRole, senderId: number, content: string): MessageRow {
    const row = tx.insert(messages).values({ chatId, senderId, content }).returning().get();
    tx.update(chats)
      .set({ lastMessageId: row.id, lastMessageAt: row.createdAt, ...(role === 'buyer' ? { buyerReadId: row.id } : { sellerReadId: row.id }) })
      .where(eq(chats.id, chatId))
      .run();
    const sender = tx.select({ name: users.name, displayName: users.displayName, username: users.username }).from(users).where(eq(users.id, senderId)).get();
    return { ...row, name: sender?.name ?? null, displayName: sender?.displayName ?? null, username: sender?.username ?? null };
  }

  async send(userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    // One writer at a time on SQLite: ids are given in commit order.
    return this.db.transaction((tx): SendMessageResult => {
      const found = this.participant(tx, userId, chatId);
      if (!found) return { status: 'not-found' };
      const { chat, role } = found;
      if ((role === 'buyer' ? chat.sellerId : chat.buyerId) === null) return { status: 'party-gone' };
      return { status: 'ok', chat, message: this.insertMessage(tx, chat.id, role, userId, content), published: false };
    });
  }

  async start(
    input: { listingId: number; buyerId: number; sellerId: number; content: string },
    notify: (listing: ChatListing, message: MessageRow) => NewNotification,
  ): Promise<StartChatResult> {
    return this.db.transaction((tx): StartChatResult => {
      const found = tx
        .select({ id: listings.id, userId: listings.userId, make: listings.make, model: listings.model, status: listings.status, active: listings.active, soldAt: listings.soldAt })
        .from(listings)
        .where(eq(listings.id, input.listingId))
        .get();
      if (found && isSold(found)) return { status: 'listing-sold' };
      if (!found || !isVisible(found)) return { status: 'listing-not-found' };
      const listing = { id: found.id, userId: found.userId, make: found.make, model: found.model };
      if (listing.userId === input.buyerId) return { status: 'own-listing' };
      if (listing.userId !== input.sellerId) return { status: 'wrong-seller' };
      // The unique index makes the chat once; the statement that did not make it reads the one that did.
      const inserted = tx
        .insert(chats)
        .values({ listingId: listing.id, buyerId: input.buyerId, sellerId: listing.userId })
        .onConflictDoNothing({ target: [chats.listingId, chats.buyerId] })
        .returning()
        .get();
      const chat = inserted ?? tx.select().from(chats).where(and(eq(chats.listingId, listing.id), eq(chats.buyerId, input.buyerId))).get()!;
      const message = this.insertMessage(tx, chat.id, 'buyer', input.buyerId, input.content);
      const notification = inserted ? insertNotificationSqlite(tx, listing.userId, notify(listing, message)) : undefined;
      return { status: 'ok', chat, created: inserted !== undefined, message, notification, published: false };
    });
  }

  async mark(userId: number, chatId: number, marked: boolean): Promise<boolean> {
    const found = this.participant(this.db, userId, chatId);
    if (!found) return false;
    this.db
      .update(chats)
      .set(found.role === 'buyer' ? { buyerMarked: marked } : { sellerMarked: marked })
      .where(eq(chats.id, chatId))
      .run();
    return true;
  }

  async hide(userId: number, chatId: number): Promise<boolean> {
    const found = this.participant(this.db, userId, chatId);
    if (!found) return false;
    // The chat's last message as the update reads it, not as read above: a message that came in between stays visible.
    const at = sql`${chats.lastMessageId}`;
    this.db
      .update(chats)
      .set(found.role === 'buyer' ? { buyerHiddenId: at, buyerReadId: at, buyerMarked: false } : { sellerHiddenId: at, sellerReadId: at, sellerMarked: false })
      .where(eq(chats.id, chatId))
      .run();
    return true;
  }

  async messagesAfter(userId: number, afterId: number, limit: number): Promise<MessageRow[]> {
    return this.db
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
      .limit(limit)
      .all();
  }

  async messagesByIds(ids: readonly number[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, [...ids]))
      .orderBy(asc(messages.id))
      .all();
  }

  async find(chatId: number): Promise<Chat | null> {
    return this.db.select().from(chats).where(eq(chats.id, chatId)).get() ?? null;
  }
}
