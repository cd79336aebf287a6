import { SiteConfig } from '@celebstyle/contracts';
import type { ServiceInstance } from '@celebstyle/service-kit';

/**
 * GET /api/site-config: run-time settings for the web apps, from the gateway's environment (README.md,
 * Configuration).
 */
export function siteConfigRoutes(config: SiteConfig) {
  return async (app: ServiceInstance) => {
    app.get(
      '/api/site-config',
      {
        schema: {
          operationId: 'getSiteConfig',
          summary: 'Run-time settings of the web apps',
          response: { 200: SiteConfig },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=60');
        return config;
      },
    );
  };
}
