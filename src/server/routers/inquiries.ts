import { inquiryInput } from '../../shared/schemas/inquiry';
import { createInquiry } from '../services/inquiries';
import { protectedProcedure, rateLimited, router } from '../trpc/init';

// docs/product/permissions.md: inquiries need a login.
export const inquiriesRouter = router({
  create: protectedProcedure.use(rateLimited('inquiry')).input(inquiryInput).mutation(({ ctx, input }) => createInquiry(ctx.store, ctx.hub, ctx.user.id, input)),
});
