import { defineRoutes } from '../types';

export const vehicleRoutes = defineRoutes([]);
