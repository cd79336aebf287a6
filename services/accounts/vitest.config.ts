import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files share a worker's module cache instead of importing the whole service again per file
    // (that import was most of the run's CPU); each file still has its own database and Redis prefix.
    isolate: false,
    include: ['test/**/*.test.ts'],
    // A test fails when a route answers a status it declares no response schema for.
    setupFiles: ['@celebstyle/service-kit/schema-coverage-setup'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  server: { deps: { inline: ['kysely'] } },
});
