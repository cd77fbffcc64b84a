import type { Store } from '../store';
import { ListingDetails } from './listing-detail';
import { PublicProfiles } from './public-profile';
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
}

export function createStores(store: Store): Stores {
  return {
    search: new ListingSearch(store),
    listingDetails: new ListingDetails(store),
    publicProfiles: new PublicProfiles(store),
  };
}
