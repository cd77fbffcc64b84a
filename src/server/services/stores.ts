import type { Db } from '../../../db/client';
import { createSqliteStore, type Store } from '../store';
import { ListingDetails } from './listing-detail';
import { PublicProfiles } from './public-profile';
import { SavedListings } from './saved-listings';
import { ListingSearch } from './search/listing-search';

/**
 * The services that keep prepared statements or caches over the database. Created once per database in buildApp and
 * held in AppDeps (ctx.stores), so nothing is kept in module-level state keyed by the database; they need no closing
 * of their own (closing the database finalises their statements).
 */
export interface Stores {
  search: ListingSearch;
  listingDetails: ListingDetails;
  publicProfiles: PublicProfiles;
  savedListings: SavedListings;
}

/** `store` defaults to one over `db` for callers not yet given a store (transitional, docs/decisions/018-postgresql.md). */
export function createStores(db: Db, store: Store = createSqliteStore(db, false)): Stores {
  return {
    search: new ListingSearch(store),
    listingDetails: new ListingDetails(db),
    publicProfiles: new PublicProfiles(db),
    savedListings: new SavedListings(db),
  };
}
