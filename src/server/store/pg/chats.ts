import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { chats, listingImages, listings, messages, users } from '../../../../db/pg/schema';
import type { Chat } from '../../../../db/schema';
import { isSold, isVisible } from '../rules';
import { roleOf, type ChatListRow, type ChatListing, type ChatRole, type ChatsRepo, type MessageRow, type SendMessageResult, type StartChatResult } from '../chats';
import type { NewNotification } from '../notifications';
import { messageNoticeSql } from './events';
import { afterIdParam, isPgInt } from './int';
import { insertNotificationPg } from './notifications';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];
type Q = PgDb | Tx;

/** The transaction-level advisory lock that orders message inserts ('bpms' in ASCII; nothing else takes it). */
export const MESSAGE_ORDER_LOCK = 0x62706d73;

interface ChatSqlRow extends Record<string, unknown> {
  id: number;
  listing_id: number | null;
  created_at: number;
  last_message_at: number | null;
  marked: boolean;
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

interface SendSqlRow extends Record<string, unknown> {
  chat_id: number;
  buyer_id: number | null;
  seller_id: number | null;
  /** The message's columns: null when the other party is gone and nothing was sent. */
  id: number | null;
  sender_id: number | null;
  content: string | null;
  created_at: number | null;
  name: string | null;
  display_name: string | null;
  username: string | null;
}

/**
 * A timestamptz as epoch milliseconds (float8, a JS number) for hand-written SQL: drizzle's node-postgres session
 * leaves timestamps of a raw query as text, which only its column mappers turn into Dates.
 */
export const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

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

export class PgChatsRepo implements ChatsRepo {
  constructor(readonly db: PgDb) {}

  async list(userId: number): Promise<{ chats: ChatListRow[]; me: { name: string; displayName: string | null } | null }> {
    // As store/sqlite/chats.ts, with greatest() for SQLite's scalar max().
    const { rows } = await this.db.execute<ChatSqlRow>(sql`
      SELECT c.id, c.listing_id, ${epochMs(sql`c.created_at`)} AS created_at, ${epochMs(sql`c.last_message_at`)} AS last_message_at,
        CASE WHEN c.buyer_id = ${userId} THEN c.buyer_marked ELSE c.seller_marked END AS marked,
        (SELECT count(*) FROM messages m
          WHERE m.chat_id = c.id
            AND m.id > CASE WHEN c.buyer_id = ${userId} THEN greatest(c.buyer_read_id, coalesce(c.buyer_hidden_id, 0))
                            ELSE greatest(c.seller_read_id, coalesce(c.seller_hidden_id, 0)) END
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
    const [me] = await this.db.select({ name: users.name, displayName: users.displayName }).from(users).where(eq(users.id, userId));
    const photos = await this.photosOf(rows.map((r) => r.listing_id).filter((id): id is number => id !== null));
    return {
      me: me ?? null,
      chats: rows.map((r) => ({
        id: r.id,
        listingId: r.listing_id,
        createdAt: new Date(r.created_at),
        lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at),
        marked: r.marked,
        unread: Number(r.unread),
        other: { id: r.other_id, name: r.other_name, displayName: r.other_display_name, username: r.other_username },
        car: r.make === null ? null : { make: r.make, model: r.model, year: r.year },
        lastContent: r.last_content,
        photos: (r.listing_id !== null && photos.get(r.listing_id)) || null,
      })),
    };
  }

  /** The photos of several listings in one query, in their order. */
  private async photosOf(listingIds: number[]): Promise<Map<number, { urls: string[]; thumbUrl: string }>> {
    const byListing = new Map<number, { urls: string[]; thumbUrl: string }>();
    if (listingIds.length === 0) return byListing;
    const rows = await this.db
      .select({ listingId: listingImages.listingId, url: listingImages.url, thumbUrl: listingImages.thumbUrl })
      .from(listingImages)
      .where(inArray(listingImages.listingId, [...new Set(listingIds)]))
      .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.id));
    for (const r of rows) {
      const photos = byListing.get(r.listingId!);
      if (photos) photos.urls.push(r.url);
      else byListing.set(r.listingId!, { urls: [r.url], thumbUrl: r.thumbUrl || r.url });
    }
    return byListing;
  }

  private async participant(q: Q, userId: number, chatId: number): Promise<{ chat: Chat; role: ChatRole } | null> {
    if (!isPgInt(chatId)) return null;
    const [chat] = await q.select().from(chats).where(eq(chats.id, chatId));
    const role = chat && roleOf(chat, userId);
    return chat && role ? { chat, role } : null;
  }

  async readMessages(userId: number, chatId: number, limit: number): Promise<MessageRow[] | null> {
    return this.db.transaction(async (tx) => {
      const found = await this.participant(tx, userId, chatId);
      if (!found) return null;
      const { chat, role } = found;
      const hidden = (role === 'buyer' ? chat.buyerHiddenId : chat.sellerHiddenId) ?? 0;
      const rows = await tx
        .select(messageColumns)
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(and(eq(messages.chatId, chatId), sql`${messages.id} > ${hidden}`))
        .orderBy(sql`${messages.id} DESC`)
        .limit(limit);
      const readId = role === 'buyer' ? chat.buyerReadId : chat.sellerReadId;
      if (chat.lastMessageId > readId) {
        // greatest(): a read position never moves back, whichever of two concurrent reads commits last.
        await tx
          .update(chats)
          .set(
            role === 'buyer'
              ? { buyerReadId: sql`greatest(${chats.buyerReadId}, ${chat.lastMessageId})` }
              : { sellerReadId: sql`greatest(${chats.sellerReadId}, ${chat.lastMessageId})` },
          )
          .where(eq(chats.id, chatId));
      }
      return rows.reverse();
    });
  }

  /**
   * Sends a message as one statement: checks that the sender is a party of the chat and that the other party is still
   * there, inserts the message, moves the chat on (last message, the sender's read position), reads the sender's
   * names, and sends the message's notice to both parties (store/pg/events.ts). The order lock is taken in it before the
   * message's id is (the MATERIALIZED lock is read before the row is formed, and the row's identity default is taken
   * when it is), and held to commit, so ids commit in order and a replay "after id n" misses none; the notices are
   * queued at that commit, so every instance hears them in id order too.
   */
  private async sendStatement(q: Q, userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    if (!isPgInt(chatId)) return { status: 'not-found' };
    const { rows } = await q.execute<SendSqlRow>(sql`
      WITH party AS (
        SELECT c.id, c.buyer_id, c.seller_id, c.buyer_id = ${userId} AS is_buyer
        FROM chats c WHERE c.id = ${chatId} AND (c.buyer_id = ${userId} OR c.seller_id = ${userId})
      ),
      ready AS (SELECT * FROM party WHERE (CASE WHEN is_buyer THEN seller_id ELSE buyer_id END) IS NOT NULL),
      ordered AS MATERIALIZED (SELECT pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK}) FROM ready),
      m AS (
        INSERT INTO messages (chat_id, sender_id, content)
        SELECT ready.id, ${userId}, ${content} FROM ordered, ready
        RETURNING id, chat_id, sender_id, content, created_at
      ),
      moved AS (
        UPDATE chats SET last_message_id = m.id, last_message_at = m.created_at,
          buyer_read_id = CASE WHEN ready.is_buyer THEN m.id ELSE chats.buyer_read_id END,
          seller_read_id = CASE WHEN ready.is_buyer THEN chats.seller_read_id ELSE m.id END
        FROM m, ready WHERE chats.id = m.chat_id
      ),
      announced AS (SELECT ${messageNoticeSql(sql`party_id`, sql`m.id`)} FROM m, ready, LATERAL (VALUES (ready.buyer_id), (ready.seller_id)) AS p(party_id))
      SELECT p.id AS chat_id, p.buyer_id, p.seller_id, m.id, m.sender_id, m.content, ${epochMs(sql`m.created_at`)} AS created_at,
        u.name, u.display_name, u.username, (SELECT count(*) FROM announced) AS announced
      FROM party p LEFT JOIN m ON true LEFT JOIN users u ON u.id = m.sender_id`);
    const r = rows[0];
    if (!r) return { status: 'not-found' };
    if (r.id === null) return { status: 'party-gone' };
    return {
      status: 'ok',
      published: true,
      chat: { id: r.chat_id, buyerId: r.buyer_id, sellerId: r.seller_id },
      message: {
        id: r.id,
        chatId: r.chat_id,
        senderId: r.sender_id,
        content: r.content!,
        createdAt: new Date(r.created_at!),
        name: r.name,
        displayName: r.display_name,
        username: r.username,
      },
    };
  }

  async send(userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    // Its own transaction: the order lock is held only while PostgreSQL runs it and commits, never across a round trip
    // to this process, and its notices need no publish after the answer that could be overtaken by the next one's.
    return this.sendStatement(this.db, userId, chatId, content);
  }

  async start(
    input: { listingId: number; buyerId: number; sellerId: number; content: string },
    notify: (listing: ChatListing, message: MessageRow) => NewNotification,
  ): Promise<StartChatResult> {
    if (!isPgInt(input.listingId)) return { status: 'listing-not-found' };
    return this.db.transaction(async (tx): Promise<StartChatResult> => {
      const [found] = await tx
        .select({ id: listings.id, userId: listings.userId, make: listings.make, model: listings.model, status: listings.status, active: listings.active, soldAt: listings.soldAt })
        .from(listings)
        .where(eq(listings.id, input.listingId));
      if (found && isSold(found)) return { status: 'listing-sold' };
      if (!found || !isVisible(found)) return { status: 'listing-not-found' };
      const listing = { id: found.id, userId: found.userId, make: found.make, model: found.model };
      if (listing.userId === input.buyerId) return { status: 'own-listing' };
      if (listing.userId !== input.sellerId) return { status: 'wrong-seller' };
      // A concurrent start for the same listing and buyer waits here for the other's commit and then inserts nothing;
      // the SELECT after it (a new snapshot under READ COMMITTED) reads the chat the other made.
      const [inserted] = await tx
        .insert(chats)
        .values({ listingId: listing.id, buyerId: input.buyerId, sellerId: listing.userId })
        .onConflictDoNothing({ target: [chats.listingId, chats.buyerId] })
        .returning();
      const chat = inserted ?? (await tx.select().from(chats).where(and(eq(chats.listingId, listing.id), eq(chats.buyerId, input.buyerId))))[0];
      // The chat is this transaction's own, or one it has read after its commit, with this buyer and the listing's
      // owner as seller: the send cannot find it missing or its seller gone.
      const sent = await this.sendStatement(tx, input.buyerId, chat.id, input.content);
      if (sent.status !== 'ok') throw new Error(`chat ${chat.id}: a new message was refused (${sent.status})`);
      const { message } = sent;
      const notification = inserted ? await insertNotificationPg(tx, listing.userId, notify(listing, message)) : undefined;
      return { status: 'ok', chat, created: inserted !== undefined, message, notification, published: true };
    });
  }

  async mark(userId: number, chatId: number, marked: boolean): Promise<boolean> {
    const found = await this.participant(this.db, userId, chatId);
    if (!found) return false;
    await this.db
      .update(chats)
      .set(found.role === 'buyer' ? { buyerMarked: marked } : { sellerMarked: marked })
      .where(eq(chats.id, chatId));
    return true;
  }

  async hide(userId: number, chatId: number): Promise<boolean> {
    const found = await this.participant(this.db, userId, chatId);
    if (!found) return false;
    // The chat's last message as the update reads it: a message committed in between stays visible.
    const at = sql`${chats.lastMessageId}`;
    await this.db
      .update(chats)
      .set(found.role === 'buyer' ? { buyerHiddenId: at, buyerReadId: at, buyerMarked: false } : { sellerHiddenId: at, sellerReadId: at, sellerMarked: false })
      .where(eq(chats.id, chatId));
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
          sql`${messages.id} > ${afterIdParam(afterId)}`,
          or(
            and(eq(chats.buyerId, userId), sql`${messages.id} > coalesce(${chats.buyerHiddenId}, 0)`),
            and(eq(chats.sellerId, userId), sql`${messages.id} > coalesce(${chats.sellerHiddenId}, 0)`),
          ),
        ),
      )
      .orderBy(asc(messages.id))
      .limit(limit);
  }

  async messagesByIds(ids: readonly number[]): Promise<MessageRow[]> {
    const valid = ids.filter(isPgInt);
    if (valid.length === 0) return [];
    return this.db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, valid))
      .orderBy(asc(messages.id));
  }

  async find(chatId: number): Promise<Chat | null> {
    if (!isPgInt(chatId)) return null;
    const [chat] = await this.db.select().from(chats).where(eq(chats.id, chatId));
    return chat ?? null;
  }
}
