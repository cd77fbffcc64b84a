// The repository of saved listings (docs/decisions/018-postgresql.md): implemented in store/sqlite/saved-listings.ts and store/pg/saved-listings.ts.
import type { SavedCardRow } from './rules';

export interface SavedListingsRepo {
  /**
   * The cards of the user's saved listings whose page a buyer may open (visible or sold), newest saved first, with
   * when each was sold and its price when saved.
   */
  list(userId: number): Promise<SavedCardRow[]>;
  /** Ids of the user's saved listings whose page a buyer may open, newest saved first. */
  ids(userId: number): Promise<number[]>;
  /**
   * Saves a visible listing once, with its total price now (saving again keeps the first save and its date, also when both saves run at once);
   * answers when it was saved, or null when a buyer cannot see the listing.
   */
  add(userId: number, listingId: number): Promise<Date | null>;
  /** True when it was saved. */
  remove(userId: number, listingId: number): Promise<boolean>;
}

