import { contactInput, feedbackInput } from '../../shared/schemas/inbox';
import { createContactMessage, createFeedback } from '../services/inbox';
import { publicProcedure, rateLimited, router } from '../trpc/init';

// Contact messages and feedback. Visitors may send both (docs/product/permissions.md); the 'contact' and 'feedback'
// per-address budgets guard them on every transport (docs/product/limits.md#rate-limits).
// The admin's list, read and delete are in the admin router (routers/admin.ts, docs/product/admin.md#inbox).
export const inboxRouter = router({
  contact: publicProcedure.use(rateLimited('contact')).input(contactInput).mutation(({ ctx, input }) => createContactMessage(ctx.store, input)),
  feedback: publicProcedure.use(rateLimited('feedback')).input(feedbackInput).mutation(({ ctx, input }) => createFeedback(ctx.store, input)),
});
