import { defineConfig, mergeConfig } from 'vitest/config';
import { baseVitestConfig } from '../vitest.shared.ts';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routePreload } from './route-preload-plugin.ts';
import { precompress } from './precompress-plugin.ts';

// Dev server proxies the API to the gateway (port 3000 by default, which serves /api).
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

/**
 * Browser journeys that start a stack of their own, because they need what the shared one has not:
 * workers, an SMTP server, a catalog they kill. Every other file in e2e/ runs on the shared stack.
 */
const ownStackJourneys = [
  'e2e/catalog-outage.test.ts',
  'e2e/link-health-journey.test.ts',
  'e2e/newsletter-journeys.e2e.test.ts',
  'e2e/shopper-alert-journey.test.ts',
];

const e2eSettings = {
  environment: 'node',
  // expect.poll waits 1 s by default: a lazy page and its first answer can take longer on a
  // busy machine, and a poll that gives up early fails a journey that was only slow
  expect: { poll: { timeout: 15_000 } },
  // bounded so a hang cannot stall the run
  testTimeout: 60_000,
  hookTimeout: 90_000,
  // one file at a time (both e2e projects together): each drives a Chromium against a whole stack
  fileParallelism: false,
} as const;

/** The client build's own plugins: the server bundle (build --ssr) preloads and compresses nothing. */
function clientOnlyPlugins() {
  return [
    // the pages a visitor most often lands on cold: the initial load of / and /product/{id}
    routePreload(
      [
        { pattern: '^/$', module: 'src/app/routes/home.tsx' },
        { pattern: '^/product/[^/]+/?$', module: 'src/app/routes/product.tsx' },
        { pattern: '^/fashion/?$', module: 'src/app/routes/fashion.tsx' },
      ],
      // the product answer and its main image (the page's LCP element) load beside the app's code
      [{ pattern: '^/product/([^/]+)/?$', api: '/api/posts/{1}', image: ['enhancedImage', 'mainImage'] }],
    ),
    precompress(),
  ];
}

export default defineConfig(({ isSsrBuild, mode }) =>
  mergeConfig(baseVitestConfig, {
    plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : clientOnlyPlugins())],
    // The server bundle holds all it runs (React, React Router, the query client): the gateway loads
    // it without installing web's packages, and with React's production build whatever NODE_ENV the
    // gateway runs under. The public folder is the client's alone.
    ...(isSsrBuild && {
      ssr: { noExternal: true },
      publicDir: false,
      define: {
        'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development'),
      },
    }),
    server: { proxy: { '/api': { target: gateway, changeOrigin: true } } },
    preview: { proxy: { '/api': { target: gateway, changeOrigin: true } } },
    build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['test/**/*.test.{ts,tsx}'],
            setupFiles: ['test/setup.ts'],
            testTimeout: 10_000,
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
