import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['success', 'error', 'warning', 'info'] }).notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    // Structured extras (e.g. an inquiry's buyer contact details and listing id) for richer rendering.
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.read, t.createdAt)],
);

export type Notification = typeof notifications.$inferSelect;
