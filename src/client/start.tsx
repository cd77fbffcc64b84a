import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { hydrate } from '@tanstack/react-query';
import { makeQueryClient, makeTRPCClient, makeTRPCOptions } from './trpc';
import { createAppRouter } from './router';
import { App } from './app';
import { registerServiceWorker } from './lib/service-worker';
import { warmUpAfterLoad } from './lib/warm-up';
import { afterLoadWhenIdle } from './lib/when-idle';
import { persistListingQueries } from './lib/persisted-queries';
import { BUILD_VERSION } from './lib/build-version';
import { markServerRendered } from './components/layout/after-first-paint';
import { STATE_SCRIPT_ID } from '../shared/server-rendered';
import { keepServerGlobalStyles } from './lib/chakra-global';
import { browserStyleCache } from './lib/server-styles';
import { takeServerStyleNames } from './lib/static-styles';
import type { ServerState } from './entry-server';

/**
 * Starts the app: the clients and the router in one task, then, a task later, hydrates the server's page or renders the
 * plain page (main.tsx runs it a task after this module's code has been evaluated: docs/decisions/010-compression-and-bundle.md
 * "Staged start").
 */
export async function start(nextTask: () => Promise<void>) {
  const queryClient = makeQueryClient();
  const trpcClient = makeTRPCClient();
  const router = createAppRouter({ queryClient, trpc: makeTRPCOptions(trpcClient, queryClient), origin: window.location.origin });
  await nextTask();
  const container = document.getElementById('root')!;
  // The same cache as the server's render (entry-server.tsx), knowing the styles the server's page came with.
  const app = (
    <StrictMode>
      <CacheProvider value={browserStyleCache()}>
        <App queryClient={queryClient} trpcClient={trpcClient} router={router} />
      </CacheProvider>
    </StrictMode>
  );
  const serverState = document.getElementById(STATE_SCRIPT_ID)?.textContent;

  if (serverState) {
    // A page the server rendered (docs/decisions/019-server-rendering.md): the queries it fetched go in first, so the
    // route's loaders find them and nothing is fetched again; the router loads the route (its code and the cached data)
    // before React hydrates, and knows it hydrates a server's page (the same tree as the server's, no extra Suspense
    // boundary). Hydration is a transition: React hydrates in slices and answers input in between. It starts a task
    // after the route has loaded: the route's code is evaluated in the task its chunk arrives in.
    const state = JSON.parse(serverState) as ServerState;
    hydrate(queryClient, state);
    takeServerStyleNames(state.styleNames);
    markServerRendered();
    keepServerGlobalStyles();
    router.ssr = { manifest: undefined };
    void router.load().then(nextTask).then(() => {
      startTransition(() => {
        hydrateRoot(container, app, {
          // A mismatch React recovered from by rendering afresh: a defect the browser tests catch (e2e/server-render).
          onRecoverableError: (error) => console.error('Hydration error:', error),
        });
      });
      // The stored listing queries after hydration, once the browser is idle: the first render must be the server's, and
      // the first read of localStorage waits on the browser's own process, which belongs in no task of the start.
      afterLoadWhenIdle(() => persistListingQueries(queryClient, BUILD_VERSION));
    });
  } else {
    // The plain page (one that needs a login): the first render is a transition, so React renders it in slices and lets
    // the browser paint and answer input in between (docs/decisions/010-compression-and-bundle.md "First paint"). The
    // stored listing queries go in first, so the first route's loader finds them (offline too); the restore reads
    // localStorage synchronously and settles within this task.
    void persistListingQueries(queryClient, BUILD_VERSION).ready.then(() => startTransition(() => createRoot(container).render(app)));
  }

  if (import.meta.env.PROD) registerServiceWorker();
  warmUpAfterLoad();
}
