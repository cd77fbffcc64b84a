import { addressRouter } from '../routers/address';
import { adminRouter } from '../routers/admin';
import { authRouter } from '../routers/auth';
import { chatsRouter } from '../routers/chats';
import { inboxRouter } from '../routers/inbox';
import { inquiriesRouter } from '../routers/inquiries';
import { listingsBuyerProcedures } from '../routers/listings-buyer';
import { listingsSellerProcedures } from '../routers/listings-seller';
import { notificationsRouter } from '../routers/notifications';
import { reportsRouter } from '../routers/reports';
import { savedListingsRouter } from '../routers/saved-listings';
import { savedSearchesRouter } from '../routers/saved-searches';
import { usersRouter } from '../routers/users';
import { vehicleRouter } from '../routers/vehicle';
import { router } from './init';

// One router per domain (docs/conventions.md). The listings namespace is assembled from its seller and buyer halves.
export const appRouter = router({
  auth: authRouter,
  inbox: inboxRouter,
  address: addressRouter,
  vehicle: vehicleRouter,
  listings: router({ ...listingsSellerProcedures, ...listingsBuyerProcedures }),
  savedListings: savedListingsRouter,
  savedSearches: savedSearchesRouter,
  inquiries: inquiriesRouter,
  users: usersRouter,
  chats: chatsRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;
