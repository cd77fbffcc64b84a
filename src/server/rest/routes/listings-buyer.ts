import { defineRoutes } from '../types';

export const listingsBuyerRoutes = defineRoutes([]);
