import { userIdInput } from '../../routers/users';
import { publicProfileShape } from '../../services/public-profile';
import { defineRoutes } from '../types';

export const usersRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/users/:id',
    procedure: 'users.byId',
    input: ({ params }) => ({ id: params.id }),
    doc: { tag: 'Users', summary: "A seller's public profile", params: userIdInput, responses: { 200: publicProfileShape }, errors: [404] },
  },
]);
