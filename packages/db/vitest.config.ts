import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files share a worker's module cache instead of importing the whole service again per file
    // (that import was most of the run's CPU); each file still has its own database and Redis prefix.
    isolate: false,
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
