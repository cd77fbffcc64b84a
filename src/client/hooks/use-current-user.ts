import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';

/** The logged-in user, or null. A truthy user means authenticated (SPEC §4). */
export function useCurrentUser() {
  const trpc = useTRPC();
  const query = useQuery(trpc.auth.me.queryOptions(undefined, { retry: false, staleTime: 60_000 }));
  return { user: query.data ?? null, isLoading: query.isLoading, query };
}
