import { NOTIFICATION_NOT_FOUND_MESSAGE, type NotificationShape } from '../../shared/schemas/notification';
import { AppError } from '../errors';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import type { Notification } from '../../../db/schema';

// Notifications (docs/product/notifications.md): a user's own only. Producers (an inquiry, a new chat, a listing
// approved or rejected) insert inside their own transaction (store/notifications.ts insertNotification) and push the committed row with `publishNotifications` afterwards,
// so no subscriber hears of a notification that was rolled back.

export type { NewNotification } from '../store/notifications';

/** The page shows the newest; older ones stay stored until deleted. */
export const NOTIFICATION_LIST_LIMIT = 200;
/** A subscriber that comes back gets at most this many missed notifications (the page reloads the list anyway). */
const REPLAY_LIMIT = 200;

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

/** Pushes committed notification rows to their owners. */
export function publishNotifications(hub: EventHub, rows: Notification[]) {
  for (const row of rows) hub.publish(row.userId, { kind: 'notification', notification: toNotificationShape(row) });
}

export async function listNotifications(store: Store, userId: number): Promise<NotificationShape[]> {
  return (await store.notifications.list(userId, NOTIFICATION_LIST_LIMIT)).map(toNotificationShape);
}

export async function unreadNotificationCount(store: Store, userId: number): Promise<number> {
  return store.notifications.unreadCount(userId);
}

/** The user's notifications stored after `afterId`, oldest first: what a reconnecting subscription missed. */
/** A notification as its subscriber sees it, by id (another instance published it: realtime/pg-hub.ts). */
export async function notificationsByIds(store: Store, ids: readonly number[]): Promise<NotificationShape[]> {
  return (await store.notifications.byIds(ids)).map(toNotificationShape);
}

export async function notificationsAfter(store: Store, userId: number, afterId: number): Promise<NotificationShape[]> {
  return (await store.notifications.after(userId, afterId, REPLAY_LIMIT)).map(toNotificationShape);
}

/** Another user's notification answers exactly like a missing one (404). */
export async function markNotificationRead(store: Store, userId: number, id: number): Promise<NotificationShape> {
  const row = await store.notifications.markRead(userId, id);
  if (!row) throw notFound();
  return toNotificationShape(row);
}

export async function markAllNotificationsRead(store: Store, userId: number): Promise<{ updated: number }> {
  return { updated: await store.notifications.markAllRead(userId) };
}

export async function deleteNotification(store: Store, userId: number, id: number): Promise<void> {
  if (!(await store.notifications.delete(userId, id))) throw notFound();
}

export async function deleteAllNotifications(store: Store, userId: number): Promise<{ deleted: number }> {
  return { deleted: await store.notifications.deleteAll(userId) };
}
