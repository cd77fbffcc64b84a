import { router } from '../trpc/init';

export const addressRouter = router({});
