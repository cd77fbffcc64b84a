import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/root';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The same query options as useTRPC(), for route loaders (outside React); it goes into the router context. */
export function makeTRPCOptions(client: ReturnType<typeof makeTRPCClient>, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
export type TRPCOptions = ReturnType<typeof makeTRPCOptions>;

// docs/product/limits.md: fresh for 2 minutes, kept 10 minutes, no refetch on focus, 1 retry.
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 2 * 60_000, gcTime: 10 * 60_000, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

let wsClient: ReturnType<typeof createWSClient> | undefined;
function getWsClient() {
  const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
  // lazy: the socket opens with the first subscription and closes when none are left.
  wsClient ??= createWSClient({ url: `${proto}://${window.location.host}/trpc`, lazy: { enabled: true, closeMs: 10_000 } });
  return wsClient;
}

export function makeTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: getWsClient() }),
        false: httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) }),
      }),
    ],
  });
}
