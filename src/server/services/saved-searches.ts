import type { Listing } from '../../../db/schema';
import { isVisible } from '../store/rules';
import { formatPrice } from '../../shared/format';
import { SAVED_SEARCH_TEXTS, SAVED_SEARCHES_MAX, type SavedSearchShape } from '../../shared/schemas/saved-search';
import type { SavedSearchParams } from '../../shared/schemas/saved-search';
import { generateSessionToken } from '../auth/session';
import { AppError } from '../errors';
import { savedSearchAlertMail } from '../mail/templates';
import type { AppDeps } from '../deps';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import type { AlertCandidate, SavedSearchRow } from '../store/saved-searches';
import { publishNotifications } from './notifications';
import type { ListingSearch } from './search/listing-search';

// Saved searches with alerts ('Lagre søk', docs/product/api.md "Saved searches", docs/decisions/022-market-alerts.md).
// A user's own only: someone else's answers 404 like a missing one. When a listing becomes visible to buyers (approved,
// activated, back from sold) every saved search it matches by the search's own rules is alerted once, never its owner.

const notFound = () => new AppError('NOT_FOUND', SAVED_SEARCH_TEXTS.notFound);

export function toSavedSearchShape(row: SavedSearchRow): SavedSearchShape {
  return {
    id: row.id,
    name: row.name,
    params: row.params as SavedSearchShape['params'],
    email: row.email,
    newHits: Number(row.newHits),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSavedSearches(store: Store, userId: number): Promise<SavedSearchShape[]> {
  return (await store.savedSearches.list(userId)).map(toSavedSearchShape);
}

/** At most SAVED_SEARCHES_MAX per account (docs/product/limits.md#saved-searches). */
export async function createSavedSearch(store: Store, userId: number, input: { name: string; params: SavedSearchParams; email: boolean }): Promise<SavedSearchShape> {
  // The alert mails' 'Meld av' link works without a login, so its secret is as random as a session's token.
  const row = await store.savedSearches.create(userId, { ...input, unsubscribeToken: generateSessionToken() }, SAVED_SEARCHES_MAX);
  if (!row) throw new AppError('BAD_REQUEST', SAVED_SEARCH_TEXTS.tooMany);
  return toSavedSearchShape(row);
}

export async function updateSavedSearch(store: Store, userId: number, id: number, set: { name?: string; email?: boolean }): Promise<SavedSearchShape> {
  // Only what the caller sent: an absent field is left as it is (and nothing sent changes nothing).
  const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  const row = await store.savedSearches.update(userId, id, given);
  if (!row) throw notFound();
  return toSavedSearchShape(row);
}

export async function deleteSavedSearch(store: Store, userId: number, id: number): Promise<void> {
  if (!(await store.savedSearches.delete(userId, id))) throw notFound();
}

/** Opening a saved search from /lagrede-sok: its hits so far stop counting as new. */
export async function markSavedSearchSeen(store: Store, userId: number, id: number): Promise<{ id: number }> {
  if (!(await store.savedSearches.markSeen(userId, id))) throw notFound();
  return { id };
}

/** 'Meld av' in an alert e-mail: that saved search's alerts stop going by e-mail (they still reach /varslinger). */
export async function unsubscribeSavedSearch(store: Store, token: string): Promise<{ name: string }> {
  const row = await store.savedSearches.unsubscribe(token);
  if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_TEXTS.unsubscribeInvalid);
  return row;
}

// --- alerts -------------------------------------------------------------------------------------------------

/** One alert that also goes by e-mail: what the mail says and to whom (the account's address is the mailer's to read). */
export interface SavedSearchAlertMail {
  userId: number;
  savedSearch: Pick<AlertCandidate, 'id' | 'name' | 'unsubscribeToken'>;
  listing: Pick<Listing, 'id' | 'make' | 'model' | 'year' | 'totalPrice'>;
  notificationId: number;
}

/**
 * Where saved-search alerts go by e-mail: called once per listing shown, after the alerts committed, with the alerts
 * whose saved search has `email` on (mailSavedSearchAlerts below). Without one the alerts reach their owners through
 * the notification list only.
 */
export type AlertMailer = (mails: SavedSearchAlertMail[]) => Promise<void> | void;

export interface AlertDeps {
  store: Store;
  hub: EventHub;
  search: ListingSearch;
  /** Sends the e-mail alerts (see AlertMailer); without it, none are sent. */
  mail?: AlertMailer;
}

/** The alert's words: the car (make, model, year) and the saved search by name (docs/product/notifications.md). */
export function alertNotification(listing: Pick<Listing, 'id' | 'make' | 'model' | 'year' | 'totalPrice'>, search: Pick<AlertCandidate, 'id' | 'name'>) {
  const car = `${listing.make} ${listing.model} ${listing.year}`.trim();
  return {
    type: 'info' as const,
    title: `Nytt treff i «${search.name}»`,
    message: `${car} til ${formatPrice(listing.totalPrice)} passer det lagrede søket ditt «${search.name}».`,
    data: { listingId: listing.id, savedSearchId: search.id },
  };
}

/**
 * The listing became visible to buyers (approved, activated, back on the market): every saved search of anyone but
 * its owner that would show it now is alerted, once per listing and saved search (a second call writes nothing).
 * Answers how many alerts were written. Runs after the change committed; a listing hidden again meanwhile alerts no one.
 */
export async function alertSavedSearches({ store, hub, search, mail }: AlertDeps, listingId: number): Promise<number> {
  const listing = await store.listings.find(listingId);
  if (!listing || !isVisible(listing)) return 0;
  const matched = await search.matching(listingId, await store.savedSearches.candidates(listing.userId));
  const byId = new Map(matched.map((s) => [s.id, s]));
  const written = await store.savedSearches.recordAlerts(
    listingId,
    matched.map((s) => ({ savedSearchId: s.id, notification: { userId: s.userId, ...alertNotification(listing, s) } })),
  );
  publishNotifications(hub, written.map((w) => w.notification));
  const mails = written.flatMap(({ savedSearchId, notification }) => {
    const s = byId.get(savedSearchId)!;
    return s.email ? [{ userId: s.userId, savedSearch: { id: s.id, name: s.name, unsubscribeToken: s.unsubscribeToken }, listing, notificationId: notification.id }] : [];
  });
  if (mails.length && mail) await mail(mails);
  return written.length;
}

/**
 * The alert e-mails (docs/decisions/022-market-alerts.md: with e-mail chosen, the alert also goes by mail with a
 * one-click unsubscribe link): one per alert, to the account's address, with the listing's link and 'Meld av'
 * (/meld-av-sok?token=…, the saved search's random token). Queued on the mailer after the alerts committed; sending
 * never fails or slows the change.
 */
export function mailSavedSearchAlerts(deps: Pick<AppDeps, 'store' | 'mailer'>, origin: string): AlertMailer {
  return async (mails) => {
    for (const m of mails) {
      const user = await deps.store.users.findById(m.userId);
      if (!user?.email) continue;
      const car = `${m.listing.make} ${m.listing.model} ${m.listing.year}`.trim();
      await deps.mailer.send(
        user.email,
        savedSearchAlertMail(user, {
          searchName: m.savedSearch.name,
          car,
          price: formatPrice(m.listing.totalPrice),
          listingUrl: `${origin}/listing/${m.listing.id}`,
          unsubscribeUrl: `${origin}/meld-av-sok?token=${m.savedSearch.unsubscribeToken}`,
        }),
      );
    }
  };
}

/**
 * After a change that may have shown a listing to buyers (approval, 'Aktiver', back from sold): its saved-search
 * alerts. The change has committed; a failure here is logged and never fails it.
 */
export async function afterListingShown(
  deps: Pick<AppDeps, 'store' | 'hub' | 'stores' | 'log' | 'mailer'> & { origin: () => string },
  listingId: number,
): Promise<void> {
  try {
    const mail = mailSavedSearchAlerts(deps, deps.origin());
    await alertSavedSearches({ store: deps.store, hub: deps.hub, search: deps.stores.search, mail }, listingId);
  } catch (err) {
    deps.log.error({ err, listingId }, 'saved-search alerts failed');
  }
}
