import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { system } from './theme';
import { makeQueryClient, makeTRPCClient, makeTRPCOptions, TRPCProvider } from './trpc';
import { createAppRouter } from './router';
import { LoginDialogProvider } from './components/auth/login-dialog-context';
import { Toaster } from './lib/toaster';
import { OfflineBanner } from './lib/offline-banner';
import { registerServiceWorker } from './lib/service-worker';

function App() {
  const [queryClient] = useState(makeQueryClient);
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
