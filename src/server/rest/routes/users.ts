import { userIdInput } from '../../routers/users';
import { publicProfileShape } from '../../services/public-profile';
import { defineRoutes } from '../types';

export const usersRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/users/:id',
    procedure: 'users.byId',
    input: ({ params }) => ({ id: params.id }),
    doc: {
      tag: 'Users',
      summary: "A seller's public profile",
      description:
        "What the seller's visible listings show a buyer: name and display name; the phone and the listing's own address " +
        '(never the account address) of the newest visible listing that shows each. 404 for a user without a visible listing, as for an unknown id.',
      params: userIdInput,
      responses: { 200: publicProfileShape },
      errors: [404],
    },
  },
]);
