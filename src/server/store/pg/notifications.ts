import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { notifications } from '../../../../db/pg/schema';
import { afterIdParam, isPgInt } from './int';
import { notificationValues, type NewNotification, type NotificationRow, type NotificationsRepo } from '../notifications';

/** The transaction-level advisory lock that orders notification inserts ('bpnt' in ASCII; nothing else takes it). */
export const NOTIFICATION_ORDER_LOCK = 0x62706e74;

/**
 * Inserts a notification inside the caller's PostgreSQL transaction (a new chat, an inquiry, a review). Identity ids
 * are handed out at insert, not at commit, so two transactions could commit their notifications in the other order,
 * and a subscriber replaying "after id n" would skip the smaller one. Holding a lock until commit while taking the id
 * keeps ids in commit order, as SQLite's single writer does. Call it late in the transaction: the lock is held to the end.
 */
export async function insertNotificationPg(tx: Pick<PgDb, 'insert' | 'execute'>, userId: number, n: NewNotification): Promise<NotificationRow> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NOTIFICATION_ORDER_LOCK})`);
  const [row] = await tx.insert(notifications).values(notificationValues(userId, n)).returning();
  return row;
}

export class PgNotificationsRepo implements NotificationsRepo {
  constructor(readonly db: PgDb) {}

  async insert(userId: number, n: NewNotification): Promise<NotificationRow> {
    return this.db.transaction((tx) => insertNotificationPg(tx, userId, n));
  }

  async list(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit);
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return row.n;
  }

  async byIds(ids: readonly number[]): Promise<NotificationRow[]> {
    const valid = ids.filter(isPgInt);
    if (valid.length === 0) return [];
    return this.db.select().from(notifications).where(inArray(notifications.id, valid)).orderBy(asc(notifications.id));
  }

  async after(userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, afterIdParam(afterId))))
      .orderBy(asc(notifications.id))
      .limit(limit);
  }

  async markRead(userId: number, id: number): Promise<NotificationRow | null> {
    if (!isPgInt(id)) return null;
    const [row] = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row ?? null;
  }

  async markAllRead(userId: number): Promise<number> {
    const result = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return result.rowCount ?? 0;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    if (!isPgInt(id)) return false;
    const result = await this.db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    return (result.rowCount ?? 0) > 0;
  }

  async deleteAll(userId: number): Promise<number> {
    const result = await this.db.delete(notifications).where(eq(notifications.userId, userId));
    return result.rowCount ?? 0;
  }
}
