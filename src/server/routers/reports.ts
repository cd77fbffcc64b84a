import { reportInput, resolveReportsInput } from '../../shared/schemas/report';
import { reportedListings, reportListing, resolveReports } from '../services/reports';
import { afterListingShown } from '../services/saved-searches';
import { adminProcedure, protectedProcedure, rateLimited, router } from '../trpc/init';

// Reports of listings (docs/decisions/025-buyer-trust.md): a buyer's report, and the admins' list and decision (the
// admin router holds `adminReportsRouter` as admin.reports).

export const reportsRouter = router({
  /** 'Rapporter annonse': 201 over REST; 403 own listing, 404 one the caller cannot open, 409 reported already. */
  create: protectedProcedure
    .use(rateLimited('listingReport'))
    .input(reportInput)
    .mutation(async ({ ctx, input }) => (await reportListing(ctx.store, ctx.user.id, input)).report),
});

export const adminReportsRouter = router({
  /** Every listing with open reports, and those reports. */
  list: adminProcedure.query(({ ctx }) => reportedListings(ctx.store)),
  /** 'Avvis' (shown again) or 'Fjern' (rejected): reporters are notified; audited. */
  resolve: adminProcedure.input(resolveReportsInput).mutation(async ({ ctx, input }) => {
    const { shown, ...result } = await resolveReports(ctx.store, ctx.hub, { id: ctx.user.id, name: ctx.user.name }, input.id, input.action);
    // What buyers see changed: shown again, or rejected (its kept page is a 404 now, never kept).
    ctx.renderAhead.listing(input.id);
    // Shown to buyers again: the saved searches it matches are alerted, as when its owner activates it.
    if (shown) await afterListingShown(ctx, input.id);
    return result;
  }),
});
