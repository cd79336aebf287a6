import { defineConfig, mergeConfig } from 'vitest/config';
import { serviceVitestConfig } from '../vitest.shared.ts';

export default mergeConfig(serviceVitestConfig, defineConfig({ test: { testTimeout: 20_000 } }));
