import { defineConfig } from 'vitest/config';

// Browser tests: vitest drives Debian's chromium through playwright-core against the real server. e2e/global-setup.ts
// builds the client and the server bundle once (read-only afterwards); each file starts its own server on its own copy
// of the build, database and uploads (e2e/support.ts) and stops it after, so one file cannot break another.
// Files run one at a time: the machine has 2 cores and each file runs a Chromium next to its server.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A browser test that fails once is a finding, not noise: no retries.
    retry: 0,
  },
});
