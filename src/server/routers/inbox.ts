import { contactInput, feedbackInput } from '../../shared/schemas/inbox';
import { createContactMessage, createFeedback } from '../services/inbox';
import { publicProcedure, router } from '../trpc/init';

// Contact messages and feedback (issue 2). Visitors may send both (SPEC §6); the 'contact' and 'feedback'
// rate-limit budgets guard these two procedures on both transports (src/server/http/rate-limits.ts).
// Admin list/read/delete come with the admin issue.
export const inboxRouter = router({
  contact: publicProcedure.input(contactInput).mutation(({ ctx, input }) => createContactMessage(ctx.db, input)),
  feedback: publicProcedure.input(feedbackInput).mutation(({ ctx, input }) => createFeedback(ctx.db, input)),
});
