import { listingDetailShape } from '../../../shared/schemas/listing-shape';
import { listingListItemShape, type ListingListItem, type SearchResult } from '../../services/search/listing-search';
import { defineRoutes, jsonSchemaOf } from '../types';
import { z } from '../../../shared/zod';

export const listingsBuyerRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/listings',
    procedure: 'listings.listFull',
    // docs/product/api.md: a JSON array of Listings (every field), the number of all matches in X-Total-Count. HEAD
    // comes with GET.
    send: (result: SearchResult<ListingListItem>, reply) => {
      reply.header('X-Total-Count', String(result.total));
      // A page knows its own JSON text (written once per cached page); a string goes out as it is.
      reply.type('application/json; charset=utf-8');
      return result.itemsJson();
    },
    response: { 200: jsonSchemaOf(z.array(listingListItemShape)) },
  },
  {
    method: 'GET',
    url: '/api/listings/:id',
    procedure: 'listings.byId',
    input: ({ params }) => ({ id: params.id }),
    response: { 200: jsonSchemaOf(listingDetailShape) },
  },
]);
