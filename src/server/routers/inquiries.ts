import { router } from '../trpc/init';

export const inquiriesRouter = router({});
