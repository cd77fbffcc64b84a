import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { listings } from './listings';
import { users } from './users';

export const chats = sqliteTable(
  'chats',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Each participant marks and deletes (hides) a chat for themselves only.
    buyerMarked: integer('buyer_marked', { mode: 'boolean' }).notNull().default(false),
    sellerMarked: integer('seller_marked', { mode: 'boolean' }).notNull().default(false),
    buyerDeletedAt: integer('buyer_deleted_at', { mode: 'timestamp_ms' }),
    sellerDeletedAt: integer('seller_deleted_at', { mode: 'timestamp_ms' }),
    buyerLastReadAt: integer('buyer_last_read_at', { mode: 'timestamp_ms' }),
    sellerLastReadAt: integer('seller_last_read_at', { mode: 'timestamp_ms' }),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // POST /api/chats/start reuses the chat between the same buyer and listing (docs/product/api.md).
    uniqueIndex('chats_listing_buyer_uq').on(t.listingId, t.buyerId),
    index('chats_buyer_idx').on(t.buyerId, t.lastMessageAt),
    index('chats_seller_idx').on(t.sellerId, t.lastMessageAt),
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
