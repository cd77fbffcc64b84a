import type { RestRoute } from '../types';
import { addressRoutes } from './address';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { chatsRoutes } from './chats';
import { inboxRoutes } from './inbox';
import { inquiriesRoutes } from './inquiries';
import { listingsBuyerRoutes } from './listings-buyer';
import { listingsSellerRoutes } from './listings-seller';
import { notificationsRoutes } from './notifications';
import { reportsRoutes } from './reports';
import { savedListingsRoutes } from './saved-listings';
import { savedSearchesRoutes } from './saved-searches';
import { usersRoutes } from './users';
import { vehicleRoutes } from './vehicle';

// The whole /api/* surface of docs/product/api.md, one file per domain.
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...inboxRoutes,
  ...addressRoutes,
  ...vehicleRoutes,
  ...listingsSellerRoutes,
  ...listingsBuyerRoutes,
  ...savedListingsRoutes,
  ...savedSearchesRoutes,
  ...inquiriesRoutes,
  ...usersRoutes,
  ...chatsRoutes,
  ...notificationsRoutes,
  ...adminRoutes,
  ...reportsRoutes,
];
