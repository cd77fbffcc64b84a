import { router } from '../trpc/init';

export const savedListingsRouter = router({});
