import { router } from '../trpc/init';

// Public seller profile (GET /api/users/:id); admin user management comes with the admin issue.
export const usersRouter = router({});
