import { defineRoutes } from '../types';

export const savedListingsRoutes = defineRoutes([]);
