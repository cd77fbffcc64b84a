import { defineRoutes } from '../types';

export const inboxRoutes = defineRoutes([]);
