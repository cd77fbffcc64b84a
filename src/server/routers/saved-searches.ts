import { savedSearchCreateInput, savedSearchIdInput, savedSearchUnsubscribeInput, savedSearchUpdateInput } from '../../shared/schemas/saved-search';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  unsubscribeSavedSearch,
  updateSavedSearch,
} from '../services/saved-searches';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';

// Saved searches are their owner's only (docs/product/api.md "Saved searches"): every procedure works on ctx.user's rows,
// except 'Meld av' from an alert e-mail, which needs no login and acts on the one saved search its token names.
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
  unsubscribe: publicProcedure
    .use(rateLimited('savedSearchUnsubscribe'))
    .input(savedSearchUnsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribeSavedSearch(ctx.store, input.token)),
});
