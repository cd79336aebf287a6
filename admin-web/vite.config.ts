import { defineConfig, mergeConfig } from 'vitest/config';
import { baseVitestConfig } from '../vitest.shared.ts';
import react from '@vitejs/plugin-react';

// The admin console is served by the gateway under /admin; the dev server proxies /api to it.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

/**
 * Browser journeys that start a stack of their own (ownStackJourney), because they need what the
 * shared one has not: workers, a fake TVmaze, short-lived tokens. Every other file in e2e/ runs on
 * the shared stack.
 */
const ownStackJourneys = [
  'e2e/audit-log.e2e.test.ts',
  'e2e/catalog-and-session.e2e.test.ts',
  'e2e/link-validation.e2e.test.ts',
  'e2e/session-tabs.e2e.test.ts',
];

const e2eSettings = {
  environment: 'node',
  // expect.poll waits 1 s by default: a lazy page and its first answer can take longer on a
  // busy machine, and a poll that gives up early fails a journey that was only slow
  expect: { poll: { timeout: 15_000 } },
  // bounded so a hang cannot stall the run; a journey with its axe scans takes about a minute on
  // a machine shared with other runs
  testTimeout: 180_000,
  hookTimeout: 180_000,
  // one file at a time (both e2e projects together): each drives a Chromium against a whole stack
  fileParallelism: false,
} as const;

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
            ...e2eSettings,
            name: 'e2e',
            include: ['e2e/**/*.test.ts'],
            exclude: ownStackJourneys,
            // one stack for every file of this project (e2e/support/shared-stack.ts)
            globalSetup: ['e2e/support/shared-stack-setup.ts'],
          },
        },
        {
          extends: true,
          test: { ...e2eSettings, name: 'e2e-own-stack', include: ownStackJourneys },
        },
      ],
    },
  }),
);
