import { defineRoutes } from '../types';
import { listingCardListSchema } from './listings-buyer';

// SPEC §7 "Saved listings"; all need a login (401 otherwise, from protectedProcedure).
export const savedListingsRoutes = defineRoutes([
  { method: 'GET', url: '/api/saved-listings', procedure: 'savedListings.list', input: () => undefined, response: { 200: listingCardListSchema } },
  { method: 'POST', url: '/api/saved-listings', procedure: 'savedListings.add', status: 201 },
  { method: 'DELETE', url: '/api/saved-listings/:listingId', procedure: 'savedListings.remove', input: ({ params }) => ({ listingId: params.listingId }) },
]);
