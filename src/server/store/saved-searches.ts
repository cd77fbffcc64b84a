// Saved searches and their alerts ('Lagre søk', docs/decisions/022-market-alerts.md).
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Notification, SavedSearch } from '../../../db/schema';
import type { SavedSearchParams } from '../../shared/schemas/saved-search';
import type { Tables } from './dialect';
import { insertNotification, NOTIFICATION_ORDER_LOCK, type NotificationWrite } from './notifications';
import { affectedRows, isRowId, Repository } from './repository';
import { visibleWhere } from './rules';

/** A saved search with its new hits: alerted listings buyers can still see, alerted after the owner last opened it. */
export type SavedSearchRow = Omit<SavedSearch, 'seenAlertId' | 'unsubscribeToken'> & { newHits: number };

/** What matching a listing reads of a saved search. */
export type AlertCandidate = Pick<SavedSearch, 'id' | 'userId' | 'name' | 'params' | 'email' | 'unsubscribeToken'>;

/** One alert to record: the saved search it is for and the notification its owner gets. */
export type AlertWrite = { savedSearchId: number; notification: NotificationWrite };

/** Alerts newer than the newest when the owner last opened the search, whose listing buyers can still see. */
const newHits = sql<number>`(SELECT cast(count(*) AS integer) FROM saved_search_alerts a JOIN listings l ON l.id = a.listing_id
  WHERE a.saved_search_id = saved_searches.id AND a.id > saved_searches.seen_alert_id AND ${sql.raw(visibleWhere('l'))})`;

/** The newest alert of the saved search (0 without one): what opening it has seen. */
const seenUpTo = sql<number>`coalesce((SELECT max(a.id) FROM saved_search_alerts a WHERE a.saved_search_id = saved_searches.id), 0)`;

const rowColumns = ({ savedSearches: s }: Tables) => ({ id: s.id, userId: s.userId, name: s.name, params: s.params, email: s.email, createdAt: s.createdAt, newHits });

export class SavedSearchesRepo extends Repository {
  private async one(id: number): Promise<SavedSearchRow | undefined> {
    const { savedSearches: s } = this.t;
    const [row] = await this.db.select(rowColumns(this.t)).from(s).where(eq(s.id, id)).limit(1);
    return row;
  }

  /** The user's saved searches, newest first, with their new hits. */
  async list(userId: number): Promise<SavedSearchRow[]> {
    const { savedSearches: s } = this.t;
    return this.db.select(rowColumns(this.t)).from(s).where(eq(s.userId, userId)).orderBy(desc(s.createdAt), desc(s.id));
  }

  /** A new saved search, unless the user already has `max` (then null; two at once cannot pass it together). */
  async create(userId: number, values: { name: string; params: SavedSearchParams; email: boolean; unsubscribeToken: string }, max: number): Promise<SavedSearchRow | null> {
    const { savedSearches: s, users } = this.t;
    const id = await this.d.transaction(this.db, async (tx) => {
      // The user's row locked: two saves at once count one after the other, so neither passes the limit.
      await this.d.lockRows(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
      const [{ n }] = await tx.select({ n: count() }).from(s).where(eq(s.userId, userId));
      if (n >= max) return null;
      const [row] = await tx.insert(s).values({ userId, ...values }).returning({ id: s.id });
      return row.id;
    });
    return id === null ? null : (await this.one(id))!;
  }

  /** Renames it or switches its e-mail; undefined when the user has no such saved search. */
  async update(userId: number, id: number, set: { name?: string; email?: boolean }): Promise<SavedSearchRow | undefined> {
    if (!isRowId(id)) return undefined;
    const { savedSearches: s } = this.t;
    const mine = and(eq(s.id, id), eq(s.userId, userId));
    const found = Object.keys(set).length === 0 ? await this.db.select({ id: s.id }).from(s).where(mine) : await this.db.update(s).set(set).where(mine).returning({ id: s.id });
    return found.length ? this.one(id) : undefined;
  }

  /** The alert e-mails' 'Meld av' link: turns off e-mail for the saved search of that token; its name, or undefined. */
  async unsubscribe(token: string): Promise<{ name: string } | undefined> {
    const { savedSearches: s } = this.t;
    const [row] = await this.db.update(s).set({ email: false }).where(eq(s.unsubscribeToken, token)).returning({ name: s.name });
    return row;
  }

  /** False when the user has no such saved search. */
  async delete(userId: number, id: number): Promise<boolean> {
    if (!isRowId(id)) return false;
    const { savedSearches: s } = this.t;
    return affectedRows(await this.db.delete(s).where(and(eq(s.id, id), eq(s.userId, userId)))) > 0;
  }

  /** The owner opened it: its hits so far are no longer new. False when the user has no such saved search. */
  async markSeen(userId: number, id: number): Promise<boolean> {
    if (!isRowId(id)) return false;
    const { savedSearches: s } = this.t;
    return affectedRows(await this.db.update(s).set({ seenAlertId: seenUpTo }).where(and(eq(s.id, id), eq(s.userId, userId)))) > 0;
  }

  /** Every saved search of anyone but `ownerId` (a listing's owner is never alerted of it). */
  async candidates(ownerId: number): Promise<AlertCandidate[]> {
    const { id, userId, name, params, email, unsubscribeToken } = this.t.savedSearches;
    return this.db.select({ id, userId, name, params, email, unsubscribeToken }).from(this.t.savedSearches).where(ne(userId, ownerId));
  }

  /** Records each alert once per listing and saved search, with its notification, in one transaction; answers what was new. */
  async recordAlerts(listingId: number, alerts: AlertWrite[]): Promise<{ savedSearchId: number; notification: Notification }[]> {
    if (alerts.length === 0) return [];
    const { savedSearchAlerts } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      // New hits count alerts after the id seen: the notifications' order lock keeps alert ids in commit order (docs/store.md#ids-in-commit-order).
      await this.d.orderLock(tx, NOTIFICATION_ORDER_LOCK);
      const written = [];
      for (const { savedSearchId, notification } of alerts) {
        // Unique per (saved search, listing): an alert shown before, or a concurrent call's, inserts nothing.
        const [inserted] = await tx.insert(savedSearchAlerts).values({ savedSearchId, listingId }).onConflictDoNothing().returning();
        if (!inserted) continue;
        written.push({ savedSearchId, notification: await insertNotification(tx, this, notification.userId, notification) });
      }
      return written;
    });
  }
}
