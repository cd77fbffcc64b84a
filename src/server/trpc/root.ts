import { authRouter } from '../routers/auth';
import { router } from './init';

// One router per domain (style.md). Later issues add theirs here.
export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
