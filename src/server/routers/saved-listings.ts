import { z } from '../../shared/zod';
import { listingId } from '../../shared/schemas/listing';
import { listSavedListings, savedListingIds, saveListing, unsaveListing } from '../services/saved-listings';
import { protectedProcedure, router } from '../trpc/init';

const savedListingInput = z.object({ listingId });

// Saved listings are their owner's only (docs/product/api.md): every procedure works on ctx.user's own rows.
export const savedListingsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listSavedListings(ctx.store, ctx.user.id)),
  ids: protectedProcedure.query(({ ctx }) => savedListingIds(ctx.store, ctx.user.id)),
  add: protectedProcedure.input(savedListingInput).mutation(({ ctx, input }) => saveListing(ctx.store, ctx.user.id, input.listingId)),
  remove: protectedProcedure.input(savedListingInput).mutation(({ ctx, input }) => unsaveListing(ctx.store, ctx.user.id, input.listingId)),
});
