import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The admin console is served by the gateway under /admin; the dev server proxies /api to it.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': { target: gateway, changeOrigin: true } } },
  build: { target: 'es2022' },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
