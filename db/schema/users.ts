import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    // The username as it is compared (db/username-key.ts): NFKC, case folded. Unique, so look-alikes ('ｋａｒｉ' beside
    // 'kari') cannot both register. Null only between migration 0020 and the start-up that fills it.
    usernameKey: text('username_key'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    // Short public id shown on the profile page, e.g. "BP-7K3QX9".
    uniqueId: text('unique_id').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // Usernames are unique regardless of case: "Ola" and "ola" are the same person to a buyer.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_key_uq').on(t.usernameKey),
    // E-mail addresses too: one address logs in and receives the reset link of one account. Migration 0017
    // renamed the duplicates of older databases first (docs/decisions/021-mail-and-account-recovery.md).
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_unique_id_uq').on(t.uniqueId),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

// Lucia's session guide: the id is the SHA-256 of the token held by the cookie; the token itself is never stored.
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// 'Glemt passord?' (docs/decisions/021-mail-and-account-recovery.md): the id is the SHA-256 of the token the mailed
// link holds, like a session's; a token is deleted when used, when the password is reset, and an hour after it was made.
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
