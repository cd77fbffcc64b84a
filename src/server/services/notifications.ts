import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { notifications, type Notification } from '../../../db/schema';
import { NOTIFICATION_NOT_FOUND_MESSAGE, type NotificationShape, type NotificationType } from '../../shared/schemas/notification';
import { AppError } from '../errors';
import type { EventHub } from '../realtime/hub';

// Notifications (docs/product/notifications.md): a user's own only. Producers (an inquiry, a new chat, a listing
// approved or rejected) insert inside their own transaction with `insertNotification` and push the committed row with
// `publishNotification` afterwards, so no subscriber hears of a notification that was rolled back.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = BaseSQLiteDatabase<'sync', any, any>;

/** The page shows the newest; older ones stay stored until deleted. */
export const NOTIFICATION_LIST_LIMIT = 200;
/** A subscriber that comes back gets at most this many missed notifications (the page reloads the list anyway). */
const REPLAY_LIMIT = 200;

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

const notFound = () => new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND_MESSAGE);

export function toNotificationShape(row: Notification): NotificationShape {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: row.data ?? null,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export function insertNotification(tx: Q, userId: number, n: NewNotification): Notification {
  return tx.insert(notifications).values({ userId, type: n.type, title: n.title, message: n.message, data: n.data }).returning().get();
}

/** Pushes committed notification rows to their owners. */
export function publishNotifications(hub: EventHub, rows: Notification[]) {
  for (const row of rows) hub.publish(row.userId, { kind: 'notification', notification: toNotificationShape(row) });
}

export function listNotifications(db: Db, userId: number): NotificationShape[] {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT)
    .all()
    .map(toNotificationShape);
}

export function unreadNotificationCount(db: Db, userId: number): number {
  return db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.read, false))).get()!.n;
}

/** The user's notifications stored after `afterId`, oldest first: what a reconnecting subscription missed. */
export function notificationsAfter(db: Db, userId: number, afterId: number): NotificationShape[] {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(REPLAY_LIMIT)
    .all()
    .map(toNotificationShape);
}

/** Another user's notification answers exactly like a missing one (404). */
export function markNotificationRead(db: Db, userId: number, id: number): NotificationShape {
  const row = db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
    .get();
  if (!row) throw notFound();
  return toNotificationShape(row);
}

export function markAllNotificationsRead(db: Db, userId: number): { updated: number } {
  const result = db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .run();
  return { updated: result.changes };
}

export function deleteNotification(db: Db, userId: number, id: number): void {
  const result = db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).run();
  if (result.changes === 0) throw notFound();
}

export function deleteAllNotifications(db: Db, userId: number): { deleted: number } {
  return { deleted: db.delete(notifications).where(eq(notifications.userId, userId)).run().changes };
}
