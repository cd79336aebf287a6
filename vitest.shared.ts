import { mergeConfig, type ViteUserConfig } from 'vitest/config';

/**
 * What every workspace's vitest config starts from (mergeConfig), so a timeout or a poll default is
 * changed once. A workspace adds only what is its own (projects, environments, longer timeouts).
 */
export const baseVitestConfig: ViteUserConfig = {
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // expect.poll and vi.waitFor wait for a state, not a guessed time: a busy machine gets longer.
    expect: { poll: { timeout: 10_000 } },
  },
};

/** Node workspaces (packages, services, the gateway, deploy): test files in test/. */
export const nodeVitestConfig: ViteUserConfig = mergeConfig(baseVitestConfig, {
  test: {
    include: ['test/**/*.test.ts'],
    // Test files share a worker's module cache instead of importing the workspace again per file
    // (that import was most of a run's CPU); each file still has its own database and Redis prefix.
    isolate: false,
  },
});

/** The services and the gateway: apps called with inject on real PostgreSQL and Redis. */
export const serviceVitestConfig: ViteUserConfig = mergeConfig(nodeVitestConfig, {
  test: {
    // A test fails when a route answers a status it declares no response schema for.
    setupFiles: ['@celebstyle/service-kit/schema-coverage-setup'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // kysely's FileMigrationProvider imports migration files dynamically; inline it under vitest.
    server: { deps: { inline: ['kysely'] } },
  },
});
