import { z } from '../../shared/zod';
import { USER_NOT_FOUND } from '../services/public-profile';
import { publicProcedure, router } from '../trpc/init';

export const userIdInput = z.object({
  id: z.coerce.number({ error: USER_NOT_FOUND }).int({ error: USER_NOT_FOUND }).positive({ error: USER_NOT_FOUND }),
});

// Public seller profile (GET /api/users/:id); admin user management comes with the admin issue.
export const usersRouter = router({
  byId: publicProcedure.input(userIdInput).query(({ ctx, input }) => ctx.stores.publicProfiles.get(input.id)),
});
