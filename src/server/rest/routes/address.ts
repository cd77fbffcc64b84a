import { z } from '../../../shared/zod';
import { addressSearchInput } from '../../routers/address';
import { addressSuggestionShape } from '../../integrations/address-search';
import { defineRoutes } from '../types';

export const addressRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/address-search',
    procedure: 'address.search',
    // Only `q` is read; the client's cache busters and a repeated ?q=a&q=b (an array) are ignored.
    input: ({ query }) => ({ q: typeof query.q === 'string' ? query.q : '' }),
    doc: {
      tag: 'Lookups',
      summary: 'Address suggestions',
      description: 'Proxies the public address service: at most 10 hits from 3 characters on; an upstream failure answers [].',
      query: addressSearchInput,
      responses: { 200: z.array(addressSuggestionShape) },
    },
  },
]);
