import { defineRoutes } from '../types';

export const listingsSellerRoutes = defineRoutes([]);
