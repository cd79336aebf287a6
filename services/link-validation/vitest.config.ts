import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // kysely's FileMigrationProvider imports migration files dynamically; inline it under vitest.
    server: { deps: { inline: ['kysely'] } },
  },
});
