import type { Db } from '../../../../db/client';
import { notifications } from '../../../../db/schema';
import type { NewNotification, NotificationRow } from '../notifications';

// Transitional: the SQLite-only insert for the repositories not yet written once.

/**
 * Inserts a notification inside the caller's SQLite transaction (a new chat, an inquiry, a review). SQLite has one
 * writer at a time, so ids are given in commit order as the subscriptions' replay needs.
 */
export function insertNotificationSqlite(tx: Pick<Db, 'insert'>, userId: number, n: NewNotification): NotificationRow {
  return tx.insert(notifications).values({ userId, type: n.type, title: n.title, message: n.message, data: n.data }).returning().get();
}
