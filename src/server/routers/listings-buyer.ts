import { listingIdInput } from '../../shared/schemas/listing';
import { priceGuideInput } from '../../shared/schemas/price-guide';
import { searchInput } from '../../shared/schemas/search';
import { priceGuide } from '../services/prices';
import { publicProcedure } from '../trpc/init';

// Buyer side of the listings namespace, merged with the seller half in trpc/root.ts.
export const listingsBuyerProcedures = {
  /** The public search: `{items, total}`; REST sends the items as the body and the total as X-Total-Count. */
  list: publicProcedure.meta({ cache: 'listings' }).input(searchInput).query(({ ctx, input }) => ctx.stores.search.search(input)),
  /**
   * The same search answering full listings, as the REST contract defines a Listing (GET /api/listings,
   * docs/product/api.md "Shapes"); the web client keeps the slim cards of `list`.
   */
  listFull: publicProcedure.meta({ cache: 'listings' }).input(searchInput).query(({ ctx, input }) => ctx.stores.search.searchFull(input)),

  /**
   * Makes (with their models) and places for sale, with counts: the search panel's choices
   * (docs/decisions/009-search-quality.md). Computed once per listings version.
   */
  facets: publicProcedure.meta({ cache: 'listings' }).query(({ ctx }) => ctx.stores.search.facets()),

  /** One listing with its seller, and whether the viewer saved or owns it; 404 for a hidden one unless owner/admin. */
  byId: publicProcedure.meta({ perCaller: true }).input(listingIdInput).query(({ ctx, input }) => ctx.stores.listingDetails.forViewer(input.id, ctx.user)),

  /**
   * What comparable listings sell for ('Lignende biler selges for X–Y kr' on the seller's form): open to visitors, the
   * same for every caller, kept with the listings version (docs/decisions/025-buyer-trust.md).
   */
  priceGuide: publicProcedure.meta({ cache: 'listings' }).input(priceGuideInput).query(({ ctx, input }) => priceGuide(ctx.store, input)),
};
