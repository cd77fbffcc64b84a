import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundPage } from './components/layout/not-found';
import type { TRPCOptions } from './trpc';

/** What every route's beforeLoad/loader gets: loaders call `queryClient.ensureQueryData(trpc.x.queryOptions(…))`. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPCOptions;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    // docs/product/limits.md: hover prefetch after 100 ms. Preloading runs the route's loader, so intent warms both
    // the route's code and its data; staleTime 0 hands freshness to TanStack Query (the router's own cache is off).
    defaultPreload: 'intent',
    defaultPreloadDelay: 100,
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** On a page under the `_innlogget` layout: what a logged-out visitor reads instead of the page. */
    loginRequired?: { title: string; description?: string; action?: string };
  }
}
