import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { TRPCOptions } from '../trpc';

/** What a loader below a guard gets: routes/_innlogget.tsx and routes/admin.tsx put the current user in the context. */
interface GuardedContext {
  queryClient: QueryClient;
  trpc: TRPCOptions;
  user: { isAdmin: boolean } | null;
}

/**
 * The loader of a page behind a guard: it fetches the page's query only for a user the guard lets in. For anyone else
 * the guard shows its prompt instead of the page, and the server would refuse the query (docs/product/permissions.md).
 * `query` may import the page's module first, so that the page's code stays out of the first load.
 */
function guardedLoader(lets: (user: { isAdmin: boolean }) => boolean) {
  return <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
      query: (trpc: TRPCOptions) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey> | Promise<EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>>,
    ) =>
    async ({ context: { queryClient, trpc, user } }: { context: GuardedContext }) => {
      if (user && lets(user)) await queryClient.ensureQueryData(await query(trpc));
    };
}

/** For the pages under routes/_innlogget/: any logged-in user. */
export const loadForUser = guardedLoader(() => true);
/** For the pages under routes/admin/: admins only. */
export const loadForAdmin = guardedLoader((user) => user.isAdmin);
