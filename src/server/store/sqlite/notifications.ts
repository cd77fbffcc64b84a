import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { notifications } from '../../../../db/schema';
import { notificationValues, type NewNotification, type NotificationRow, type NotificationsRepo } from '../notifications';

/**
 * Inserts a notification inside the caller's SQLite transaction (a new chat, an inquiry, a review). SQLite has one
 * writer at a time, so ids are given in commit order as the subscriptions' replay needs.
 */
export function insertNotificationSqlite(tx: Pick<Db, 'insert'>, userId: number, n: NewNotification): NotificationRow {
  return tx.insert(notifications).values(notificationValues(userId, n)).returning().get();
}

export class SqliteNotificationsRepo implements NotificationsRepo {
  constructor(readonly db: Db) {}

  async insert(userId: number, n: NewNotification): Promise<NotificationRow> {
    return insertNotificationSqlite(this.db, userId, n);
  }

  async list(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).all();
  }

  async unreadCount(userId: number): Promise<number> {
    return this.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.read, false))).get()!.n;
  }

  async byIds(ids: readonly number[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(notifications).where(inArray(notifications.id, [...ids])).orderBy(asc(notifications.id)).all();
  }

  async after(userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
      .orderBy(asc(notifications.id))
      .limit(limit)
      .all();
  }

  async markRead(userId: number, id: number): Promise<NotificationRow | null> {
    return (
      this.db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning()
        .get() ?? null
    );
  }

  async markAllRead(userId: number): Promise<number> {
    return this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .run().changes;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    return this.db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).run().changes > 0;
  }

  async deleteAll(userId: number): Promise<number> {
    return this.db.delete(notifications).where(eq(notifications.userId, userId)).run().changes;
  }
}
