import { z } from '../../shared/zod';
import { LISTING_NOT_FOUND_MESSAGE } from '../../shared/schemas/listing';
import { listSavedListings, saveListing, savedListingIds, unsaveListing } from '../services/saved-listings';
import { protectedProcedure, router } from '../trpc/init';

const savedListingInput = z.object({
  listingId: z.coerce.number({ error: LISTING_NOT_FOUND_MESSAGE }).int().positive({ error: LISTING_NOT_FOUND_MESSAGE }),
});

// Saved listings are their owner's only (api-contract.md): every procedure works on ctx.user's own rows.
export const savedListingsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listSavedListings(ctx.db, ctx.user.id)),
  ids: protectedProcedure.query(({ ctx }) => savedListingIds(ctx.db, ctx.user.id)),
  add: protectedProcedure.input(savedListingInput).mutation(({ ctx, input }) => saveListing(ctx.db, ctx.user.id, input.listingId)),
  remove: protectedProcedure.input(savedListingInput).mutation(({ ctx, input }) => unsaveListing(ctx.db, ctx.user.id, input.listingId)),
});
