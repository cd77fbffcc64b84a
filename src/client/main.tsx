import { StrictMode, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { system } from './theme';
import { makeQueryClient, makeTRPCClient, makeTRPCOptions, TRPCProvider } from './trpc';
import { createAppRouter } from './router';
import { LoginDialogProvider } from './components/auth/login-dialog-context';
import { Toaster } from './lib/toaster';
import { OfflineBanner } from './lib/offline-banner';
import { registerServiceWorker } from './lib/service-worker';
import { warmUpAfterLoad } from './lib/warm-up';
import { persistListingQueries } from './lib/persisted-queries';
import { BUILD_VERSION } from './lib/build-version';

function App({ queryClient }: { queryClient: QueryClient }) {
  const [trpcClient] = useState(makeTRPCClient);
  const [router] = useState(() => createAppRouter({ queryClient, trpc: makeTRPCOptions(trpcClient, queryClient) }));
  // Providers: Chakra → QueryClient → TRPC → Router (docs/stack.md).
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <LoginDialogProvider>
            <OfflineBanner />
            <RouterProvider router={router} />
            <Toaster />
          </LoginDialogProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

// The first render is a transition, so React renders it in slices of a few milliseconds and lets the browser paint
// and answer input in between, instead of one long task of several hundred ms on a slow phone (Lighthouse's Total
// Blocking Time; docs/decisions/010-compression-and-bundle.md "First paint").
// The stored listing queries go in first, so the first route's loader finds them (offline too); the restore reads
// localStorage synchronously and settles within this task.
const queryClient = makeQueryClient();
const root = createRoot(document.getElementById('root')!);
void persistListingQueries(queryClient, BUILD_VERSION).ready.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
warmUpAfterLoad();
