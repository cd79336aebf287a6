import { defineConfig, mergeConfig } from 'vitest/config';
import { baseVitestConfig } from '../vitest.shared.ts';
import react from '@vitejs/plugin-react';

// The admin console is served by the gateway under /admin; the dev server proxies /api to it.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default mergeConfig(
  baseVitestConfig,
  defineConfig({
    base: '/admin/',
    plugins: [react()],
    server: { port: 5174, proxy: { '/api': { target: gateway, changeOrigin: true } } },
    build: { target: 'es2022' },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['test/**/*.test.{ts,tsx}'],
            exclude: ['test/**/*.integration.test.ts'],
            setupFiles: ['test/setup.ts'],
            // typing-heavy form tests take 2-3 s alone and over 5 s on a machine shared with other runs
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            // browser code against a real service started in-process (PostgreSQL, Redis): Node, not jsdom
            name: 'integration',
            environment: 'node',
            include: ['test/**/*.integration.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['e2e/**/*.test.ts'],
            // expect.poll waits 1 s by default: a lazy page and its first answer can take longer on a
            // busy machine, and a poll that gives up early fails a journey that was only slow
            expect: { poll: { timeout: 15_000 } },
            // each e2e file starts its own stack and browser; bounded so a hang cannot stall the run
            // a journey with its axe scans takes about a minute on a machine shared with other runs
            testTimeout: 180_000,
            hookTimeout: 180_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
