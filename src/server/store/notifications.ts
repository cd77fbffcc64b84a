import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Notification } from '../../../db/schema';
import type { SqlDialect, Tables, Tx } from './dialect';
import { affectedRows, afterIdParam, isRowId, Repository } from './repository';

/** What a notification says, to whom it goes aside. */
export type NewNotification = Pick<Notification, 'type' | 'title' | 'message'> & { data?: Record<string, unknown> };

/** A notification written in the same transaction as its cause (pushed by the service after the commit). */
export type NotificationWrite = NewNotification & { userId: number };

/** The transaction-level lock that orders notification inserts ('bpnt' in ASCII; nothing else takes it). */
export const NOTIFICATION_ORDER_LOCK = 0x62706e74;

/**
 * Inserts a notification inside the caller's transaction. Call it late: its order lock, which keeps ids in commit order so a
 * replay "after id n" skips none, is held to the commit (docs/store.md#ids-in-commit-order).
 */
export async function insertNotification(tx: Tx, { t, d }: { t: Tables; d: SqlDialect }, userId: number, n: NewNotification): Promise<Notification> {
  await d.orderLock(tx, NOTIFICATION_ORDER_LOCK);
  const [row] = await tx.insert(t.notifications).values({ userId, type: n.type, title: n.title, message: n.message, data: n.data }).returning();
  return row;
}

/** insertNotification of each write, in order. */
export async function insertNotifications(tx: Tx, repo: { t: Tables; d: SqlDialect }, writes: NotificationWrite[]): Promise<Notification[]> {
  const rows = [];
  for (const w of writes) rows.push(await insertNotification(tx, repo, w.userId, w));
  return rows;
}

export class NotificationsRepo extends Repository {
  /** A standalone notification (producers with a transaction of their own use insertNotification inside it). */
  async insert(userId: number, n: NewNotification): Promise<Notification> {
    return this.d.transaction(this.db, (tx) => insertNotification(tx, this, userId, n));
  }

  /** The user's newest `limit`, newest first. */
  async list(userId: number, limit: number): Promise<Notification[]> {
    const { notifications } = this.t;
    return this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit);
  }

  async unreadCount(userId: number): Promise<number> {
    const { notifications } = this.t;
    const [row] = await this.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return row.n;
  }

  /** Notifications by id, in id order (missing ids left out): what another instance's published ids are loaded by. */
  async byIds(ids: readonly number[]): Promise<Notification[]> {
    const valid = ids.filter(isRowId);
    if (valid.length === 0) return [];
    const { notifications } = this.t;
    return this.db.select().from(notifications).where(inArray(notifications.id, valid)).orderBy(asc(notifications.id));
  }

  /** The user's notifications after `afterId`, oldest first, at most `limit`: a reconnecting subscription's replay. */
  async after(userId: number, afterId: number, limit: number): Promise<Notification[]> {
    const { notifications } = this.t;
    const after = and(eq(notifications.userId, userId), gt(notifications.id, afterIdParam(afterId)));
    return this.db.select().from(notifications).where(after).orderBy(asc(notifications.id)).limit(limit);
  }

  /** Null when the user has no such notification. */
  async markRead(userId: number, id: number): Promise<Notification | null> {
    if (!isRowId(id)) return null;
    const { notifications } = this.t;
    const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
    const [row] = await this.db.update(notifications).set({ read: true }).where(mine).returning();
    return row ?? null;
  }

  /** How many were unread. */
  async markAllRead(userId: number): Promise<number> {
    const { notifications } = this.t;
    return affectedRows(await this.db.update(notifications).set({ read: true }).where(and(eq(notifications.userId, userId), eq(notifications.read, false))));
  }

  /** False when the user has no such notification. */
  async delete(userId: number, id: number): Promise<boolean> {
    if (!isRowId(id)) return false;
    const { notifications } = this.t;
    return affectedRows(await this.db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)))) > 0;
  }

  async deleteAll(userId: number): Promise<number> {
    const { notifications } = this.t;
    return affectedRows(await this.db.delete(notifications).where(eq(notifications.userId, userId)));
  }
}
