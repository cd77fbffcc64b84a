import { defineRoutes } from '../types';

export const usersRoutes = defineRoutes([]);
