import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The router plugin must come before react() (docs/stack.md).
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's page, pending, error and not-found components form one chunk: they are needed only on that page and
      // share helpers (a page shell), which the default split (pendingComponent unsplit, the others one chunk each)
      // would pull into the first load.
      codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']] },
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
  },
});
