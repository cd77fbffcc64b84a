import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider, css } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from './app';
import { createAppRouter } from './router';
import { makeQueryClient, makeTRPCOptions, type TRPCClient } from './trpc';
import { meQueryOptions } from './hooks/use-current-user';
import { markServerRendered } from './components/layout/after-first-paint';
import { serverStyleTags } from './lib/server-styles';
import { collectStaticStyleNames } from './lib/static-styles';
import { system } from './system';
import { SERVER_RENDERED_ROUTES } from '../shared/server-rendered';
import { notFoundHead, type PageHead } from '../shared/page-head';

/** The matched routes' head entries (their `head` option), the deepest last: what the server writes into <head>. */
export type HeadEntries = Required<PageHead>;

export interface RenderedPage {
  kind: 'page';
  /** 404 when the address or the listing it names is not found (for this viewer). */
  status: 200 | 404;
  /** The app's markup, for <div id="root">. */
  html: string;
  /** Emotion's style tags for what the markup uses (Chakra's global and component styles). */
  styles: string;
  head: HeadEntries;
  /** The queries the render fetched, for the browser's QueryClient: it then fetches none of them again. */
  state: ServerState;
}

/** What a server's page hands the browser: the queries, and the names of the static styles its markup uses. */
export type ServerState = DehydratedState & { styleNames: Record<string, string> };

const serverRendered: ReadonlySet<string> = new Set(SERVER_RENDERED_ROUTES);

// One Emotion cache for every render: a style is serialised once per process, not once per page (Chakra's global
// styles alone are tens of kilobytes), and each page takes from it the styles its markup names. The app's styles are
// a finite set, so it stays bounded. Styles are collected for <head>, not written before each element (compat).
const cache = createCache({ key: 'css' });
cache.compat = true;
const { extractCriticalToChunks } = createEmotionServer(cache);

// Chakra's global styles (its reset, the global CSS, a variable per token) are the same on every page. ChakraProvider's
// <Global> serialises what it is given on every render, walking tens of kilobytes of style objects to find the name it
// already has; serialised once here, they are taken as they are (Emotion's serializeStyles returns a serialised style
// unchanged). The name and the CSS are the same either way.
system._global = css(system._global) as unknown as typeof system._global;

// What the browser's first render of a server-rendered page shows must equal what the server rendered.
markServerRendered();

/** Resolves once no query is being fetched (what the loaders started has answered). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Renders the page at `url` (path and query) as the browser's first render will: the router loads the route (its
 * loaders fetch through `trpcClient`, which the server makes with the request's own context, so the same permissions
 * and rate limits apply) and React renders it to a string. Called by src/server/pages/server-render.ts.
 */
export async function renderPage({
  url,
  origin,
  trpcClient,
}: {
  url: string;
  origin: string;
  trpcClient: TRPCClient;
}): Promise<RenderedPage | { kind: 'client' } | { kind: 'redirect'; location: string }> {
  const queryClient = makeQueryClient();
  const trpc = makeTRPCOptions(trpcClient, queryClient);
  const router = createAppRouter({ queryClient, trpc, origin }, createMemoryHistory({ initialEntries: [url] }));
  const [, , found] = router.getMatchedRoutes(router.latestLocation.pathname);
  if (found && !serverRendered.has(found.id)) return { kind: 'client' };
  // The header shows the logged-in user from the first paint: who is asking is part of the page.
  await Promise.all([queryClient.prefetchQuery(meQueryOptions(trpc)), router.load()]);
  // A loader may start a fetch without waiting for it (the home page's latest listings): the page waits here, so what
  // the browser shows at once is in the HTML too.
  await settled(queryClient);
  // The router answers an address whose search parameters are not as the page reads them (a value its validateSearch
  // drops, ?sort=cheapest) with a redirect to the address as read, and renders nothing: the server sends that on.
  const loaded = router._serverResult;
  if (loaded?.type === 'redirect') {
    queryClient.clear();
    return { kind: 'redirect', location: loaded.redirect.headers.get('Location') ?? '/' };
  }
  // The static styles the markup names go with the page, so the browser's hydration need not resolve them again.
  const [html, styleNames] = collectStaticStyleNames(() =>
    renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <App queryClient={queryClient} trpcClient={trpcClient} router={router} />
        </CacheProvider>
      </StrictMode>,
    ),
  );
  // Under their own attribute, so that the browser's Emotion cache leaves them where they are (lib/server-styles.ts).
  const styles = serverStyleTags(extractCriticalToChunks(html));
  const matches = router.state.matches;
  const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
  const head: HeadEntries = { meta: [], links: [], scripts: [] };
  for (const m of matches) {
    head.meta.push(...((m.meta ?? []).filter(Boolean) as HeadEntries['meta']));
    head.links.push(...((m.links ?? []).filter(Boolean) as HeadEntries['links']));
    head.scripts.push(...((m.headScripts ?? []).filter(Boolean) as HeadEntries['scripts']));
  }
  // A page that is not there says so in its head, last so it wins over what the routes above it said.
  if (notFound) {
    const own = notFoundHead(matches.some((m) => m.routeId === '/listing/$id') ? 'listing' : 'page');
    head.meta.push(...own.meta);
    head.links = [];
    head.scripts = [];
  }
  // Only what succeeded goes to the browser: a failed or refused query is asked again there, as without a server render.
  const state: ServerState = { ...dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }), styleNames };
  queryClient.clear();
  return { kind: 'page', status: notFound ? 404 : 200, html, styles, head, state };
}
