import type { QueryClient } from '@tanstack/react-query';
import { createRouter, defaultParseSearch, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundPage } from './components/layout/not-found';
import type { TRPCOptions } from './trpc';

/** What every route's beforeLoad/loader gets: loaders call `queryClient.ensureQueryData(trpc.x.queryOptions(…))`. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPCOptions;
  /** The site's origin for absolute links in the head (canonical, og:url): the page's own, or PUBLIC_URL on the server. */
  origin: string;
}

/** The app's router; the server gives it the requested address as a memory history (entry-server.tsx). */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    // docs/product/limits.md: hover prefetch after 100 ms. Preloading runs the route's loader, so intent warms both
    // the route's code and its data; staleTime 0 hands freshness to TanStack Query (the router's own cache is off).
    defaultPreload: 'intent',
    defaultPreloadDelay: 100,
    defaultPreloadStaleTime: 0,
    // In the browser only: on the server the router would write its restoring script into the page, inline (which
    // the CSP refuses) and where the browser's first render has none.
    scrollRestoration: !history,
    defaultNotFoundComponent: NotFoundPage,
    parseSearch: parseFirstValues,
  });
}

/**
 * The address's search parameters as every page reads them: a repeated parameter (?make=Volvo&make=Audi) by its first
 * value, as the server's search reads it, never as a list no page expects; then the router's own reading of values.
 */
export function parseFirstValues(searchStr: string): Record<string, unknown> {
  const first = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(searchStr)) if (!first.has(key)) first.append(key, value);
  return defaultParseSearch(first.toString());
}

export type ClientRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** On a page under the `_innlogget` layout: what a logged-out visitor reads instead of the page. */
    loginRequired?: { title: string; description?: string; action?: string };
  }
}
