import { defineRoutes } from '../types';

export const addressRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/address-search',
    procedure: 'address.search',
    // Only `q` is read; the client's cache busters and a repeated ?q=a&q=b (an array) are ignored.
    input: ({ query }) => ({ q: typeof query.q === 'string' ? query.q : '' }),
  },
]);
