// The repository of saved searches and their alerts ('Lagre søk', docs/decisions/022-market-alerts.md): implemented in
// store/sqlite/saved-searches.ts and store/pg/saved-searches.ts.
import type { Notification, SavedSearch } from '../../../db/schema';
import type { SavedSearchParams } from '../../shared/schemas/saved-search';
import type { NotificationWrite } from './listings';

/** A saved search with its new hits: alerted listings buyers can still see, alerted after the owner last opened it. */
export type SavedSearchRow = Omit<SavedSearch, 'seenAlertId' | 'unsubscribeToken'> & { newHits: number };

/** What matching a listing reads of a saved search. */
export type AlertCandidate = Pick<SavedSearch, 'id' | 'userId' | 'name' | 'params' | 'email' | 'unsubscribeToken'>;

/** One alert to record: the saved search it is for and the notification its owner gets. */
export interface AlertWrite {
  savedSearchId: number;
  notification: NotificationWrite;
}

export interface SavedSearchesRepo {
  /** The user's saved searches, newest first, with their new hits. */
  list(userId: number): Promise<SavedSearchRow[]>;
  /** A new saved search, unless the user already has `max` (then null; two at once cannot pass it together). */
  create(userId: number, values: { name: string; params: SavedSearchParams; email: boolean; unsubscribeToken: string }, max: number): Promise<SavedSearchRow | null>;
  /** Renames it or switches its e-mail; undefined when the user has no such saved search. */
  update(userId: number, id: number, set: { name?: string; email?: boolean }): Promise<SavedSearchRow | undefined>;
  /** The alert e-mails' 'Meld av' link: turns off e-mail for the saved search of that token; its name, or undefined. */
  unsubscribe(token: string): Promise<{ name: string } | undefined>;
  /** False when the user has no such saved search. */
  delete(userId: number, id: number): Promise<boolean>;
  /** The owner opened it: its hits so far are no longer new. False when the user has no such saved search. */
  markSeen(userId: number, id: number): Promise<boolean>;
  /** Every saved search of anyone but `ownerId` (a listing's owner is never alerted of it). */
  candidates(ownerId: number): Promise<AlertCandidate[]>;
  /**
   * Records each alert once per listing and saved search, with its notification, in one transaction; an alert that
   * exists already (this listing shown before, or a concurrent call) writes nothing. Answers what was written.
   */
  recordAlerts(listingId: number, alerts: AlertWrite[]): Promise<{ savedSearchId: number; notification: Notification }[]>;
}
