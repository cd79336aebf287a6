import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeVitestConfig } from '../vitest.shared.ts';

// Whole stacks start and stop in these tests.
export default mergeConfig(
  nodeVitestConfig,
  defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } }),
);
