import { defineRoutes } from '../types';

export const inquiriesRoutes = defineRoutes([]);
