import { visibleWhere } from '../rules';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { savedSearchAlerts, savedSearches } from '../../../../db/schema';
import type { AlertWrite, SavedSearchesRepo, SavedSearchRow } from '../saved-searches';
import { insertNotificationSqlite } from './notifications';

/** Alerts newer than the newest when the owner last opened the search, whose listing buyers can still see. */
const newHits = sql<number>`(SELECT count(*) FROM saved_search_alerts a JOIN listings l ON l.id = a.listing_id
  WHERE a.saved_search_id = saved_searches.id AND a.id > saved_searches.seen_alert_id AND ${sql.raw(visibleWhere('l'))})`;

/** The newest alert of the saved search (0 without one): what opening it has seen. */
const seenUpTo = sql<number>`coalesce((SELECT max(a.id) FROM saved_search_alerts a WHERE a.saved_search_id = saved_searches.id), 0)`;

export class SqliteSavedSearchesRepo implements SavedSearchesRepo {
  constructor(readonly db: Db) {}

  private one(id: number): SavedSearchRow | undefined {
    return this.db.select({ ...cols, newHits }).from(savedSearches).where(eq(savedSearches.id, id)).get();
  }

  async list(userId: number): Promise<SavedSearchRow[]> {
    return this.db
      .select({ ...cols, newHits })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
      .all();
  }

  async create(userId: number, values: { name: string; params: SavedSearchRow['params']; email: boolean; unsubscribeToken: string }, max: number) {
    // One writer at a time: the count and the insert see the same rows.
    const id = this.db.transaction((tx) => {
      const n = tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId)).get()!.n;
      if (n >= max) return null;
      return tx.insert(savedSearches).values({ userId, ...values }).returning({ id: savedSearches.id }).get().id;
    });
    return id === null ? null : this.one(id)!;
  }

  async update(userId: number, id: number, set: { name?: string; email?: boolean }) {
    const mine = and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));
    if (Object.keys(set).length === 0) return this.db.select({ id: savedSearches.id }).from(savedSearches).where(mine).get() ? this.one(id) : undefined;
    const changed = this.db.update(savedSearches).set(set).where(mine).run().changes;
    return changed ? this.one(id) : undefined;
  }

  async delete(userId: number, id: number) {
    return this.db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).run().changes > 0;
  }

  async markSeen(userId: number, id: number) {
    return this.db.update(savedSearches).set({ seenAlertId: seenUpTo }).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).run().changes > 0;
  }

  async unsubscribe(token: string) {
    return this.db.update(savedSearches).set({ email: false }).where(eq(savedSearches.unsubscribeToken, token)).returning({ name: savedSearches.name }).get();
  }

  async candidates(ownerId: number) {
    return this.db
      .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, params: savedSearches.params, email: savedSearches.email, unsubscribeToken: savedSearches.unsubscribeToken })
      .from(savedSearches)
      .where(ne(savedSearches.userId, ownerId))
      .all();
  }

  async recordAlerts(listingId: number, alerts: AlertWrite[]) {
    if (alerts.length === 0) return [];
    return this.db.transaction((tx) =>
      alerts.flatMap(({ savedSearchId, notification: { userId, ...n } }) => {
        // The unique key (saved search, listing) makes a second alert a no-op, whoever writes it.
        const inserted = tx.insert(savedSearchAlerts).values({ savedSearchId, listingId }).onConflictDoNothing().returning().get();
        return inserted ? [{ savedSearchId, notification: insertNotificationSqlite(tx, userId, n) }] : [];
      }),
    );
  }
}

const cols = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  name: savedSearches.name,
  params: savedSearches.params,
  email: savedSearches.email,
  createdAt: savedSearches.createdAt,
};
