import { z } from '../../shared/zod';
import { ADDRESS_MIN_QUERY } from '../integrations/address-search';
import { publicProcedure, router } from '../trpc/init';

// No address is longer than 200 characters: longer input is cut, absurd input (>1000) is a 400 like any bad input.
export const addressSearchInput = z.object({ q: z.string().max(1000).default('').transform((v) => v.trim().slice(0, 200)) });

export const addressRouter = router({
  /** Address suggestions for the autocomplete (docs/product/validation.md: 3+ characters, 10 hits); [] on any upstream failure. */
  search: publicProcedure.input(addressSearchInput).query(({ ctx, input }) => {
    if (input.q.length < ADDRESS_MIN_QUERY) return [];
    return ctx.integrations.address.search(input.q);
  }),
});
