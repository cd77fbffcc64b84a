import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so the router plugin does not run in tests (docs/stack.md).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // One throwaway PostgreSQL cluster per run; every file that uses it gets its own database (testing/stores.ts).
    globalSetup: ['src/server/testing/pg-global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
