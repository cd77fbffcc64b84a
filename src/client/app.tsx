import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { system } from './system';
import { TRPCProvider, type TRPCClient } from './trpc';
import type { ClientRouter } from './router';
import { LoginDialogProvider } from './components/auth/login-dialog-context';
import { Toaster } from './lib/toaster';
import { OfflineBanner } from './lib/offline-banner';

/**
 * The whole app, the same in the browser (main.tsx) and in the server's render (entry-server.tsx), so that the page
 * the server sends and the browser's first render match. Providers: Chakra → QueryClient → TRPC → Router
 * (docs/stack.md).
 */
export function App({ queryClient, trpcClient, router }: { queryClient: QueryClient; trpcClient: TRPCClient; router: ClientRouter }) {
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
