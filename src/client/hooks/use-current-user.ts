import { useQuery } from '@tanstack/react-query';
import { useTRPC, type TRPCOptions } from '../trpc';

/** auth.me as every caller asks for it (hooks, the login guard's beforeLoad), so they share one cache entry. */
export const meQueryOptions = (trpc: TRPCOptions) => trpc.auth.me.queryOptions(undefined, { retry: false, staleTime: 60_000 });

/** The logged-in user, or null. A truthy user means authenticated (docs/product/states.md). */
export function useCurrentUser() {
  const query = useQuery(meQueryOptions(useTRPC()));
  return { user: query.data ?? null, isLoading: query.isLoading, query };
}

