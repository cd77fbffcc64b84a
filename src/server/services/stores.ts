import type { Store } from '../store';
import { ListingDetails } from './listing-detail';
import { PublicProfiles } from './public-profile';
import { ListingSearch } from './search/listing-search';

/**
 * The services created once per store in buildApp and held in AppDeps (ctx.stores): the search engine with the index
 * it builds from the store, and the listing details and public profiles read through it. Nothing is kept in
 * module-level state keyed by the database; they read only through the store's repositories and need no closing of
 * their own.
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
