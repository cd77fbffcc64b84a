import { defineRoutes } from '../types';

export const addressRoutes = defineRoutes([]);
