import { listingId } from '../../../shared/schemas/listing';
import { savedListingCardShape } from '../../../shared/schemas/listing-shape';
import { z } from '../../../shared/zod';
import { savedListingShape } from '../../services/saved-listings';
import { defineRoutes } from '../types';
import { listRoute } from './rows';

const tag = 'Saved listings';

// docs/product/api.md#saved-listings; all need a login (401 otherwise, from protectedProcedure).
export const savedListingsRoutes = defineRoutes([
  listRoute('/api/saved-listings', 'savedListings.list', savedListingCardShape, { tag, summary: "The caller's saved listings (cards)", description: "Sold ones stay, with `sold: true`; `priceDroppedFrom` is the total price when saved while the price is lower now.", errors: [401] }, { serialize: true }),
  {
    method: 'POST',
    url: '/api/saved-listings',
    procedure: 'savedListings.add',
    status: 201,
    doc: { tag, summary: 'Save a listing', auth: true, body: z.object({ listingId }), responses: { 201: savedListingShape }, errors: [401, 404] },
  },
  {
    method: 'DELETE',
    url: '/api/saved-listings/:listingId',
    procedure: 'savedListings.remove',
    input: ({ params }) => ({ listingId: params.listingId }),
    doc: { tag, summary: 'Forget a saved listing', auth: true, params: z.object({ listingId }), responses: { 204: null }, errors: [401] },
  },
]);
