import { z } from '../../shared/zod';
import { listingId } from '../../shared/schemas/listing';
import { protectedProcedure, router } from '../trpc/init';

const savedListingInput = z.object({ listingId });

// Saved listings are their owner's only (docs/product/api.md): every procedure works on ctx.user's own rows.
export const savedListingsRouter = router({
  list: protectedProcedure.query(({ ctx }) => ctx.stores.savedListings.list(ctx.user.id)),
  ids: protectedProcedure.query(({ ctx }) => ctx.stores.savedListings.ids(ctx.user.id)),
  add: protectedProcedure.input(savedListingInput).mutation(({ ctx, input }) => ctx.stores.savedListings.add(ctx.user.id, input.listingId)),
  remove: protectedProcedure.input(savedListingInput).mutation(({ ctx, input }) => ctx.stores.savedListings.remove(ctx.user.id, input.listingId)),
});
