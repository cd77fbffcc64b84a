import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { createTRPCClient, type TRPCClient as TRPCClientOf, httpBatchLink, httpLink, splitLink, type Operation, type OperationLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/root';
import { reportNetwork } from './lib/offline-banner';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The same query options as useTRPC(), for route loaders (outside React); it goes into the router context. */
export function makeTRPCOptions(client: TRPCClient, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
export type TRPCOptions = ReturnType<typeof makeTRPCOptions>;

/** An answer the server gave on purpose (4xx: not found, not allowed, invalid): asking again gives the same. */
function isClientError(err: unknown) {
  const status = (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * What a successful write changed, by the mutation's procedure path (tRPC mutation keys start with it): the queries
 * under these paths are invalidated (active ones refetch), so a user never misses their own change, whichever screen
 * made it. Screens may invalidate more precisely on their own; this is the floor (docs/product/limits.md).
 */
const INVALIDATES: [prefix: string, keys: string[][]][] = [
  ['listings.', [['listings'], ['savedListings'], ['admin', 'listings']]],
  ['savedListings.', [['savedListings'], ['listings', 'byId']]],
  ['admin.listings.', [['listings'], ['admin', 'listings']]],
  ['admin.users.', [['admin', 'users'], ['listings'], ['auth', 'me']]],
  ['users.', [['users'], ['auth', 'me'], ['admin', 'users']]],
  ['auth.', [['auth', 'me'], ['users']]],
  ['notifications.', [['notifications']]],
];

/** The query keys to invalidate after a successful mutation with this key. */
export function invalidatedBy(mutationKey: QueryKey | undefined): string[][] {
  const path = Array.isArray(mutationKey?.[0]) ? `${(mutationKey[0] as string[]).join('.')}` : '';
  if (!path || path === 'auth.logout' || path === 'auth.login') return []; // both reload the page
  return INVALIDATES.filter(([prefix]) => path.startsWith(prefix)).flatMap(([, keys]) => keys);
}

/**
 * docs/product/limits.md: fresh for 2 minutes, kept 10 minutes, no refetch on focus, 1 retry for queries (not after a
 * 4xx). Mutations are not repeated after a failure: tRPC writes are not idempotent (a lost answer may follow a write
 * that happened; a wrong password counts towards the lock); offline, TanStack Query holds a write until the network
 * is back, which is the retry that is safe (docs/decisions/012-offline-and-caching.md).
 * In the browser main.tsx persists the public listing queries (lib/persisted-queries.ts).
 */
export function makeQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 2 * 60_000, gcTime: 10 * 60_000, refetchOnWindowFocus: false, retry: (n, err) => n < 1 && !isClientError(err) },
      mutations: { retry: 0 },
    },
    mutationCache: new MutationCache({
      // Not awaited: the screen's own onSuccess (a toast, a navigation) need not wait for the refetches.
      onSuccess: (_data, _vars, _ctx, mutation) => {
        for (const queryKey of invalidatedBy(mutation.options.mutationKey)) void queryClient.invalidateQueries({ queryKey: [queryKey] });
      },
    }),
  });
  return queryClient;
}

/**
 * Subscriptions go over the WebSocket link, which is loaded at the first subscription (realtime/ws-link.ts): only a
 * logged-in user's live updates subscribe, so a visitor's pages never fetch it.
 */
function lazyWsLink(): TRPCLink<AppRouter> {
  return (runtime) => {
    let link: Promise<OperationLink<AppRouter>> | undefined;
    return ({ op, next }) =>
      observable((observer) => {
        let subscription: { unsubscribe: () => void } | undefined;
        let done = false;
        link ??= import('./realtime/ws-link').then((m) => m.makeWsLink()(runtime));
        link.then(
          (l) => {
            if (!done) subscription = l({ op, next }).subscribe(observer);
          },
          (err: unknown) => observer.error(err as never),
        );
        return () => {
          done = true;
          subscription?.unsubscribe();
        };
      });
  };
}

/**
 * The listing reads sent one per request rather than batched: each then has one URL whatever else a page asks at the
 * same moment, so the server's HTTP cache (src/server/http/response-cache.ts, public answers kept by URL) finds it.
 */
const unbatchedQueries = new Set(['listings.byId', 'listings.list']);
const isUnbatched = (op: Operation) => op.type === 'query' && unbatchedQueries.has(op.path);

/** fetch with the session cookie, telling the offline banner whether the server was reached. */
function reachingFetch(url: RequestInfo | URL, init?: RequestInit) {
  return fetch(url, { ...init, credentials: 'include' }).then(
    (res) => {
      reportNetwork(true);
      return res;
    },
    (err: unknown) => {
      if ((err as Error)?.name !== 'AbortError') reportNetwork(false);
      throw err;
    },
  );
}

/** The tRPC client: over HTTP and WebSocket in the browser; in the server's render, calling procedures in-process. */
export type TRPCClient = TRPCClientOf<AppRouter>;

export function makeTRPCClient(): TRPCClient {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: lazyWsLink(),
        false: splitLink({
          condition: isUnbatched,
          true: httpLink({ url: '/trpc', fetch: reachingFetch }),
          false: httpBatchLink({ url: '/trpc', fetch: reachingFetch }),
        }),
      }),
    ],
  });
}
