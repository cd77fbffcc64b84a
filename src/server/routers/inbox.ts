import { router } from '../trpc/init';

// Contact messages and feedback (issue 2); admin list/read/delete come with the admin issue.
export const inboxRouter = router({});
