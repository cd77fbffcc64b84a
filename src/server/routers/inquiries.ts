import { inquiryInput } from '../../shared/schemas/inquiry';
import { createInquiry } from '../services/inquiries';
import { protectedProcedure, router } from '../trpc/init';

// SPEC §6: inquiries need a login.
export const inquiriesRouter = router({
  create: protectedProcedure.input(inquiryInput).mutation(({ ctx, input }) => createInquiry(ctx.db, ctx.hub, ctx.user.id, input)),
});
