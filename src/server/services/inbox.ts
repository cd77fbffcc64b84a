import type { InboxMessage } from '../../../db/schema';
import { FEEDBACK_SUBJECT, INBOX_NOT_FOUND_MESSAGE, type ContactInput, type FeedbackInput, type InboxMessageShape } from '../../shared/schemas/inbox';
import { AppError } from '../errors';
import type { Store } from '../store';

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
export async function createContactMessage(store: Store, input: ContactInput): Promise<InboxMessageShape> {
  const row = await store.inbox.create({
    kind: 'contact',
    name: input.name,
    email: input.email,
    phone: input.phone ? input.phone : null,
    subject: input.subject,
    message: input.message,
  });
  return toInboxShape(row);
}

/**
 * Stores feedback. It shares the table (and the admin read/delete paths) with contact messages, so it gets
 * the fixed subject 'Tilbakemelding' and its text goes in `message`. Name and e-mail may be blank.
 */
export async function createFeedback(store: Store, input: FeedbackInput): Promise<InboxMessageShape> {
  const row = await store.inbox.create({
    kind: 'feedback',
    name: input.name,
    email: input.email,
    phone: null,
    subject: FEEDBACK_SUBJECT,
    message: input.feedback,
  });
  return toInboxShape(row);
}

// --- the admin's side (docs/product/admin.md#inbox) ------------------------------------------------------------

const inboxNotFound = () => new AppError('NOT_FOUND', INBOX_NOT_FOUND_MESSAGE);

/** /admin/feedbacks and /admin/messages: one kind, newest first. */
export async function listInbox(store: Store, kind: InboxMessage['kind']): Promise<InboxMessageShape[]> {
  return (await store.inbox.list(kind)).map(toInboxShape);
}

/** 'Marker som lest' / 'Marker som ulest': either kind, by id. */
export async function markInboxRead(store: Store, id: number, isRead: boolean): Promise<InboxMessageShape> {
  const row = await store.inbox.markRead(id, isRead);
  if (!row) throw inboxNotFound();
  return toInboxShape(row);
}

export async function deleteInboxMessage(store: Store, id: number): Promise<void> {
  if (!(await store.inbox.delete(id))) throw inboxNotFound();
}
