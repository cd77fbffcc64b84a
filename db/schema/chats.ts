import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { listings } from './listings';
import { users } from './users';

// A conversation between a buyer and a listing's seller (docs/product/chats.md). It belongs to both participants:
// deleting one of them (or the listing) keeps it for the other, so the three references are set null instead of
// cascading, and the page shows the fallback names ('Administrator', 'Ukjent bil').
export const chats = sqliteTable(
  'chats',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    // Each participant marks and deletes a chat for themselves only. Positions are message ids (ids grow with every
    // message, and a participant's last read or deleted message is exact where timestamps can tie):
    // - *_read_id: the last message the participant has seen; later messages of the other party are unread.
    // - *_hidden_id: the last message when the participant deleted the chat; it is gone for them until a newer
    //   message arrives, and then shows only what came after.
    buyerMarked: integer('buyer_marked', { mode: 'boolean' }).notNull().default(false),
    sellerMarked: integer('seller_marked', { mode: 'boolean' }).notNull().default(false),
    buyerReadId: integer('buyer_read_id').notNull().default(0),
    sellerReadId: integer('seller_read_id').notNull().default(0),
    buyerHiddenId: integer('buyer_hidden_id'),
    sellerHiddenId: integer('seller_hidden_id'),
    lastMessageId: integer('last_message_id').notNull().default(0),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // POST /api/chats/start reuses the chat between the same buyer and listing (docs/product/api.md).
    uniqueIndex('chats_listing_buyer_uq').on(t.listingId, t.buyerId),
    index('chats_buyer_idx').on(t.buyerId, t.lastMessageId),
    index('chats_seller_idx').on(t.sellerId, t.lastMessageId),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('messages_chat_idx').on(t.chatId, t.id)],
);

export type Chat = typeof chats.$inferSelect;
export type Message = typeof messages.$inferSelect;
