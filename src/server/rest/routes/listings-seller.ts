import { defineRoutes } from '../types';

const MB = 1024 * 1024;

/** A JSON object whose only key (besides a repeated `id`) is `key`. */
const isOnly = (body: unknown, key: string) => {
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).filter((k) => k !== 'id') : [];
  return keys.length === 1 && keys[0] === key;
};

export const listingsSellerRoutes = defineRoutes([
  // Photos may travel inside the form as data URLs (SPEC §3), hence the large body limits.
  { method: 'POST', url: '/api/listings', procedure: 'listings.create', status: 201, bodyLimit: 200 * MB },
  {
    method: 'PATCH',
    url: '/api/listings/:id',
    // docs/product/api.md: `{active}` alone toggles; anything else is the full form. Both answer the updated listing.
    procedure: 'listings.update',
    input: ({ params, body }) => ({ id: params.id, data: body ?? {} }),
    bodyAt: 'data',
    variants: [
      {
        when: ({ body }) => isOnly(body, 'active'),
        procedure: 'listings.setActive',
        input: ({ params, body }) => ({ id: params.id, active: (body as { active: unknown }).active }),
      },
    ],
    bodyLimit: 200 * MB,
  },
  { method: 'DELETE', url: '/api/listings/:id', procedure: 'listings.delete', input: ({ params }) => ({ id: params.id }) },
  { method: 'GET', url: '/api/my-listings', procedure: 'listings.mine', input: () => undefined },
  { method: 'POST', url: '/api/listing-images', procedure: 'listings.uploadImage', status: 201, bodyLimit: 25 * MB },
]);
