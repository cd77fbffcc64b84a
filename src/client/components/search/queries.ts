import type { TRPCOptions } from '../../trpc';

// The search page's facets, as the filter panel reads them and the page's loader starts them (routes/annonser.tsx),
// so a page the server rendered has the counts in it. What is for sale changes slowly; the counts are a guide, not a
// promise (docs/decisions/009-search-quality.md).
export const facetsQuery = (trpc: TRPCOptions) => trpc.listings.facets.queryOptions(undefined, { staleTime: 60_000 });
