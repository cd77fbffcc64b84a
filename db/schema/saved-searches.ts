import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { SavedSearchParams } from '../../src/shared/schemas/saved-search';
import { listings } from './listings';
import { users } from './users';

// Saved searches with alerts ('Lagre søk', docs/product/notifications.md#saved-searches,
// docs/decisions/022-market-alerts.md).

export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // GET /api/listings parameters as src/shared/schemas/search.ts searchInput reads them, without paging.
    params: text('params', { mode: 'json' }).$type<SavedSearchParams>().notNull(),
    // Whether alerts also go by e-mail.
    email: integer('email', { mode: 'boolean' }).notNull().default(false),
    // The newest alert of this search when the owner last opened it from /lagrede-sok: alerts after it are its new
    // hits. Alert ids follow commit order on both stores (store/saved-searches.ts recordAlerts), unlike times of a second's grain.
    seenAlertId: integer('seen_alert_id').notNull().default(0),
    // The secret of the alert e-mails' one-click 'Meld av' link (services/saved-searches.ts): random, one per search.
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt), uniqueIndex('saved_searches_unsubscribe_token_uq').on(t.unsubscribeToken)],
);

/** One alert per listing and saved search, ever: the unique key makes a second one a no-op on both stores. */
export const savedSearchAlerts = sqliteTable(
  'saved_search_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex('saved_search_alerts_search_listing_uq').on(t.savedSearchId, t.listingId),
    index('saved_search_alerts_listing_idx').on(t.listingId),
  ],
);

export type SavedSearch = typeof savedSearches.$inferSelect;
