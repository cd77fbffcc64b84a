import { listingIdInput } from '../../../shared/schemas/listing';
import { listingDetailShape, listingListItemShape, type ListingListItem } from '../../../shared/schemas/listing-shape';
import { priceGuideInput, priceGuideShape } from '../../../shared/schemas/price-guide';
import { searchFacetsShape, searchInput } from '../../../shared/schemas/search';
import { z } from '../../../shared/zod';
import type { SearchResult } from '../../services/search/listing-search';
import { defineRoutes } from '../types';

export const listingsBuyerRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/listings',
    procedure: 'listings.listFull',
    // docs/product/api.md: a JSON array of Listings (every field), the number of all matches in X-Total-Count. HEAD
    // comes with GET.
    send: (result: SearchResult<ListingListItem>, reply) => {
      reply.header('X-Total-Count', String(result.total));
      return result.items;
    },
    // No compiled serializer here: a page of full listings goes out faster through JSON.stringify (measured with
    // `npm run bench -- --baseline`, docs/benchmarks.md), and the items are already exactly the contract's shape.
    doc: {
      tag: 'Listings',
      summary: 'Search the listings buyers can see',
      description:
        'Approved and active listings matching every given filter, one page in the chosen order. Hidden addresses and ' +
        'contact phones are empty. `priceMin`/`priceMax` and `yearMin`/`yearMax` mean the same as `priceFrom`/`priceTo` ' +
        'and `yearFrom`/`yearTo`; unknown parameters are ignored. HEAD answers the header alone.',
      query: searchInput,
      responses: { 200: z.array(listingListItemShape) },
      headers: {
        'X-Total-Count': {
          description: 'The number of all matches (not only this page), exact.',
          schema: z.number().int().min(0),
        },
      },
    },
  },
  {
    method: 'GET',
    url: '/api/listings/facets',
    procedure: 'listings.facets',
    serialize: true,
    doc: {
      tag: 'Listings',
      summary: 'Makes, models and places for sale, with counts',
      description:
        'The search filter choices: every make for sale with its count and models (the ten brands of the filter list ' +
        'first, also when none is for sale, then the rest by name), and the places. Counts are over all listings buyers ' +
        'can see, not narrowed by other filters.',
      responses: { 200: searchFacetsShape },
    },
  },
  {
    method: 'GET',
    url: '/api/listings/:id',
    procedure: 'listings.byId',
    input: ({ params }) => ({ id: params.id }),
    serialize: true,
    doc: {
      tag: 'Listings',
      summary: 'One listing with its seller',
      description:
        'A listing that is not approved and active is a 404 for everyone but its owner and admins. `registry` is what ' +
        'the vehicle registry says about its plate, compared with its fields (null until looked up, or without a ' +
        'vehicle for the plate).',
      params: listingIdInput,
      responses: { 200: listingDetailShape },
      errors: [404],
    },
  },
  {
    method: 'GET',
    url: '/api/price-guide',
    procedure: 'listings.priceGuide',
    serialize: true,
    doc: {
      tag: 'Listings',
      summary: 'What comparable cars sell for',
      description:
        'For a seller pricing a car: the number of comparable listings (visible now or sold in the last 90 days, the ' +
        'same make and model ignoring case, the same fuel, a model year within 1 and mileage within 20 %) and their ' +
        'median and 25th-75th percentile total price, all three null with fewer than 5 comparables. Open to everyone.',
      query: priceGuideInput,
      responses: { 200: priceGuideShape },
      errors: [400],
    },
  },
]);
