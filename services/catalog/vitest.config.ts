import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A test fails when a route answers a status it declares no response schema for.
    setupFiles: ['@celebstyle/service-kit/schema-coverage-setup'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // kysely's FileMigrationProvider imports migration files dynamically; inline it under vitest.
    server: { deps: { inline: ['kysely'] } },
  },
});
