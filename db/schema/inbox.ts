import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Contact messages and feedback share one table: the admin pages share their read/delete paths
// (PATCH /api/feedbacks/:id/read, DELETE /api/feedbacks/:id serve both kinds).
export const inboxMessages = sqliteTable(
  'inbox_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['contact', 'feedback'] }).notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone'),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('inbox_kind_created_idx').on(t.kind, t.createdAt)],
);

export type InboxMessage = typeof inboxMessages.$inferSelect;
