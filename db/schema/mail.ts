import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// The mail queue (docs/decisions/024-mail-queue.md): a mail waits here from Mailer.send until it is sent or given up,
// so a crash or a deploy loses none, and every instance's worker takes due rows from the one table.
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    unsubscribeUrl: text('unsubscribe_url'),
    // Chosen at queueing and sent on every attempt: a copy sent twice at the crash edge is the same message.
    messageId: text('message_id').notNull(),
    // Attempts begun; each claim adds one, so it also tells a claim from the one before it.
    attempts: integer('attempts').notNull().default(0),
    // When a worker may take the row: due now, a retry's time, or, while claimed, when the claim runs out.
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('mail_queue_next_attempt_idx').on(t.nextAttemptAt)],
);

export type QueuedMail = typeof mailQueue.$inferSelect;
