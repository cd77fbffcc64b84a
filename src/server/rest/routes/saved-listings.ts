import { listingCardShape } from '../../../shared/schemas/listing-shape';
import { z } from '../../../shared/zod';
import { defineRoutes, jsonSchemaOf } from '../types';

// SPEC §7 "Saved listings"; all need a login (401 otherwise, from protectedProcedure).
export const savedListingsRoutes = defineRoutes([
  { method: 'GET', url: '/api/saved-listings', procedure: 'savedListings.list', input: () => undefined, response: { 200: jsonSchemaOf(z.array(listingCardShape)) } },
  { method: 'POST', url: '/api/saved-listings', procedure: 'savedListings.add', status: 201 },
  { method: 'DELETE', url: '/api/saved-listings/:listingId', procedure: 'savedListings.remove', input: ({ params }) => ({ listingId: params.listingId }) },
]);
