import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite takes ~0.5 GB per instance; two workers fit the 2-core machines.
    maxWorkers: 2,
    pool: 'forks',
  },
});
