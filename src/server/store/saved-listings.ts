// The repository of saved listings (docs/decisions/018-postgresql.md): implemented in store/sqlite/saved-listings.ts and store/pg/saved-listings.ts.
import type { CardRow } from '../services/listing-shape';

export interface SavedListingsRepo {
  /** The cards of the user's saved listings that a buyer may see, newest saved first. */
  list(userId: number): Promise<CardRow[]>;
  /** Ids of the user's saved visible listings, newest saved first. */
  ids(userId: number): Promise<number[]>;
  /**
   * Saves a visible listing once (saving again keeps the first save and its date, also when both saves run at once);
   * answers when it was saved, or null when a buyer cannot see the listing.
   */
  add(userId: number, listingId: number): Promise<Date | null>;
  /** True when it was saved. */
  remove(userId: number, listingId: number): Promise<boolean>;
}
