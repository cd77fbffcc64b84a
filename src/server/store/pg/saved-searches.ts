import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { savedSearchAlerts, savedSearches, users } from '../../../../db/pg/schema';
import type { AlertWrite, SavedSearchesRepo, SavedSearchRow } from '../saved-searches';
import { isPgInt } from './int';
import { insertNotificationPg, NOTIFICATION_ORDER_LOCK } from './notifications';

/** Alerts newer than the newest when the owner last opened the search, whose listing buyers can still see (as store/sqlite). */
const newHits = sql<number>`(SELECT count(*)::int FROM saved_search_alerts a JOIN listings l ON l.id = a.listing_id
  WHERE a.saved_search_id = saved_searches.id AND a.id > saved_searches.seen_alert_id AND l.status = 'approved' AND l.active)`;

/** The newest alert of the saved search (0 without one): what opening it has seen. */
const seenUpTo = sql<number>`coalesce((SELECT max(a.id) FROM saved_search_alerts a WHERE a.saved_search_id = saved_searches.id), 0)`;

const cols = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  name: savedSearches.name,
  params: savedSearches.params,
  email: savedSearches.email,
  createdAt: savedSearches.createdAt,
};

export class PgSavedSearchesRepo implements SavedSearchesRepo {
  constructor(readonly db: PgDb) {}

  private async one(id: number): Promise<SavedSearchRow | undefined> {
    const [row] = await this.db.select({ ...cols, newHits }).from(savedSearches).where(eq(savedSearches.id, id));
    return row;
  }

  async list(userId: number): Promise<SavedSearchRow[]> {
    return this.db
      .select({ ...cols, newHits })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  }

  async create(userId: number, values: { name: string; params: SavedSearchRow['params']; email: boolean; unsubscribeToken: string }, max: number) {
    const id = await this.db.transaction(async (tx) => {
      // The user's row locked: two saves at once count one after the other, so neither passes the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
      if (n >= max) return null;
      const [row] = await tx.insert(savedSearches).values({ userId, ...values }).returning({ id: savedSearches.id });
      return row.id;
    });
    return id === null ? null : (await this.one(id))!;
  }

  async update(userId: number, id: number, set: { name?: string; email?: boolean }) {
    if (!isPgInt(id)) return undefined;
    const mine = and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));
    if (Object.keys(set).length === 0) {
      const [found] = await this.db.select({ id: savedSearches.id }).from(savedSearches).where(mine);
      return found ? this.one(id) : undefined;
    }
    const changed = await this.db.update(savedSearches).set(set).where(mine).returning({ id: savedSearches.id });
    return changed.length ? this.one(id) : undefined;
  }

  async delete(userId: number, id: number) {
    if (!isPgInt(id)) return false;
    const gone = await this.db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
    return gone.length > 0;
  }

  async markSeen(userId: number, id: number) {
    if (!isPgInt(id)) return false;
    const seen = await this.db
      .update(savedSearches)
      .set({ seenAlertId: seenUpTo })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    return seen.length > 0;
  }

  async unsubscribe(token: string) {
    const [row] = await this.db.update(savedSearches).set({ email: false }).where(eq(savedSearches.unsubscribeToken, token)).returning({ name: savedSearches.name });
    return row;
  }

  async candidates(ownerId: number) {
    return this.db
      .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, params: savedSearches.params, email: savedSearches.email, unsubscribeToken: savedSearches.unsubscribeToken })
      .from(savedSearches)
      .where(ne(savedSearches.userId, ownerId));
  }

  async recordAlerts(listingId: number, alerts: AlertWrite[]) {
    if (alerts.length === 0) return [];
    return this.db.transaction(async (tx) => {
      // Alert ids in commit order, as new hits count them (after the id seen): the notifications' order lock, taken
      // before the first id is handed out and held to the commit.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${NOTIFICATION_ORDER_LOCK})`);
      const written = [];
      for (const { savedSearchId, notification } of alerts) {
        // The unique key (saved search, listing): a concurrent call's insert waits for this commit and then does
        // nothing, so each alert is written once.
        const [inserted] = await tx.insert(savedSearchAlerts).values({ savedSearchId, listingId }).onConflictDoNothing().returning();
        if (!inserted) continue;
        const { userId, ...n } = notification;
        written.push({ savedSearchId, notification: await insertNotificationPg(tx, userId, n) });
      }
      return written;
    });
  }
}
