import { savedSearchCreateInput, savedSearchIdInput, savedSearchUpdateInput } from '../../shared/schemas/saved-search';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  updateSavedSearch,
} from '../services/saved-searches';
import { protectedProcedure, rateLimited, router } from '../trpc/init';

// Saved searches are their owner's only (docs/product/api.md "Saved searches"): every procedure works on ctx.user's rows.
export const savedSearchesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listSavedSearches(ctx.store, ctx.user.id)),
  create: protectedProcedure
    .use(rateLimited('savedSearchWrite'))
    .input(savedSearchCreateInput)
    .mutation(({ ctx, input }) => createSavedSearch(ctx.store, ctx.user.id, input)),
  update: protectedProcedure
    .use(rateLimited('savedSearchWrite'))
    .input(savedSearchUpdateInput)
    .mutation(({ ctx, input }) => updateSavedSearch(ctx.store, ctx.user.id, input.id, { name: input.name, email: input.email })),
  delete: protectedProcedure
    .use(rateLimited('savedSearchWrite'))
    .input(savedSearchIdInput)
    .mutation(async ({ ctx, input }) => {
      await deleteSavedSearch(ctx.store, ctx.user.id, input.id);
      return { success: true };
    }),
  /** Opened from /lagrede-sok: its hits so far stop counting as new. */
  seen: protectedProcedure.input(savedSearchIdInput).mutation(({ ctx, input }) => markSavedSearchSeen(ctx.store, ctx.user.id, input.id)),
});
