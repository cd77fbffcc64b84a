// The repository of notifications (docs/decisions/018-postgresql.md): implemented in store/sqlite/notifications.ts and store/pg/notifications.ts.
import type { Notification } from '../../../db/schema';
import type { NotificationType } from '../../shared/schemas/notification';

export type NotificationRow = Notification;

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * The row's values: what a producer inserting a notification inside its own transaction writes (with
 * `insertNotificationSqlite` or `insertNotificationPg`, which also keep ids in commit order).
 */
export function notificationValues(userId: number, n: NewNotification) {
  return { userId, type: n.type, title: n.title, message: n.message, data: n.data };
}

export interface NotificationsRepo {
  /** A standalone notification (producers with a transaction of their own use the *Tx helpers of each store). */
  insert(userId: number, n: NewNotification): Promise<NotificationRow>;
  /** The user's newest `limit`, newest first. */
  list(userId: number, limit: number): Promise<NotificationRow[]>;
  unreadCount(userId: number): Promise<number>;
  /** The user's notifications after `afterId`, oldest first, at most `limit`: a reconnecting subscription's replay. */
  after(userId: number, afterId: number, limit: number): Promise<NotificationRow[]>;
  /** Notifications by id, in id order (missing ids left out): what another instance's published ids are loaded by. */
  byIds(ids: readonly number[]): Promise<NotificationRow[]>;
  /** Null when the user has no such notification. */
  markRead(userId: number, id: number): Promise<NotificationRow | null>;
  /** How many were unread. */
  markAllRead(userId: number): Promise<number>;
  /** False when the user has no such notification. */
  delete(userId: number, id: number): Promise<boolean>;
  deleteAll(userId: number): Promise<number>;
}
