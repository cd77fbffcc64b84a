import { defineRoutes } from '../types';

export const usersRoutes = defineRoutes([
  { method: 'GET', url: '/api/users/:id', procedure: 'users.byId', input: ({ params }) => ({ id: params.id }) },
]);
