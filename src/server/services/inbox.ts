import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { inboxMessages, type InboxMessage } from '../../../db/schema';
import { FEEDBACK_SUBJECT, INBOX_NOT_FOUND_MESSAGE, type ContactInput, type FeedbackInput, type InboxMessageShape } from '../../shared/schemas/inbox';
import { AppError } from '../errors';

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

// --- the admin's side (docs/product/admin.md#inbox) ------------------------------------------------------------

const inboxNotFound = () => new AppError('NOT_FOUND', INBOX_NOT_FOUND_MESSAGE);

/** /admin/feedbacks and /admin/messages: one kind, newest first. */
export function listInbox(db: Db, kind: InboxMessage['kind']): InboxMessageShape[] {
  return db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.kind, kind))
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .all()
    .map(toInboxShape);
}

/** 'Marker som lest' / 'Marker som ulest': either kind, by id. */
export function markInboxRead(db: Db, id: number, isRead: boolean): InboxMessageShape {
  const row = db.update(inboxMessages).set({ isRead }).where(eq(inboxMessages.id, id)).returning().get();
  if (!row) throw inboxNotFound();
  return toInboxShape(row);
}

export function deleteInboxMessage(db: Db, id: number): void {
  const removed = db.delete(inboxMessages).where(eq(inboxMessages.id, id)).returning({ id: inboxMessages.id }).get();
  if (!removed) throw inboxNotFound();
}
