import { defineRoutes } from '../types';

const MB = 1024 * 1024;

export const listingsSellerRoutes = defineRoutes([
  // Photos may travel inside the form as data URLs (SPEC §3), hence the large body limits.
  { method: 'POST', url: '/api/listings', procedure: 'listings.create', status: 201, bodyLimit: 200 * MB },
  {
    method: 'PATCH',
    url: '/api/listings/:id',
    // SPEC §7: `{active}` alone toggles; anything else is the full form. Both answer the updated listing.
    procedure: 'listings.patch',
    input: ({ params, body }) => ({ id: params.id, body }),
    bodyLimit: 200 * MB,
  },
  { method: 'DELETE', url: '/api/listings/:id', procedure: 'listings.delete', input: ({ params }) => ({ id: params.id }) },
  { method: 'GET', url: '/api/my-listings', procedure: 'listings.mine', input: () => undefined },
  { method: 'POST', url: '/api/listing-images', procedure: 'listings.uploadImage', status: 201, bodyLimit: 25 * MB },
]);
