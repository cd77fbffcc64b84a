import { router } from '../trpc/init';

export const vehicleRouter = router({});
