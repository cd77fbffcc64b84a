import type { Db } from '../../../db/client';
import { inboxMessages, type InboxMessage } from '../../../db/schema';
import { FEEDBACK_SUBJECT, type ContactInput, type FeedbackInput, type InboxMessageShape } from '../../shared/schemas/inbox';

/** The row as the API shows it (docs/product/data.md: id, name, email, phone, subject, message, isRead, createdAt). */
export function toInboxShape(row: InboxMessage): InboxMessageShape {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores a message from the /kontakt form; it waits unread for an admin on /admin/messages. */
export function createContactMessage(db: Db, input: ContactInput): InboxMessageShape {
  const row = db
    .insert(inboxMessages)
    .values({
      kind: 'contact',
      name: input.name,
      email: input.email,
      phone: input.phone ? input.phone : null,
      subject: input.subject,
      message: input.message,
    })
    .returning()
    .get();
  return toInboxShape(row);
}

/**
 * Stores feedback. It shares the table (and the admin read/delete paths) with contact messages, so it gets
 * the fixed subject 'Tilbakemelding' and its text goes in `message`. Name and e-mail may be blank.
 */
export function createFeedback(db: Db, input: FeedbackInput): InboxMessageShape {
  const row = db
    .insert(inboxMessages)
    .values({
      kind: 'feedback',
      name: input.name,
      email: input.email,
      phone: null,
      subject: FEEDBACK_SUBJECT,
      message: input.feedback,
    })
    .returning()
    .get();
  return toInboxShape(row);
}
