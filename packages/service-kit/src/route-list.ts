import type { FastifyInstance, RouteOptions } from 'fastify';

/** Where a service lists its routes; outside /api, so the gateway never proxies it to clients. */
export const ROUTE_LIST_PATH = '/routez';

export interface ListedRoute {
  method: string;
  /** The template as registered, e.g. /api/posts/:slug */
  url: string;
}

/**
 * GET /routez: every method and URL template the service registers (HEAD twins left out), so the
 * bad-input sweep through the gateway covers each route without a hand-kept copy of the list.
 */
export function installRouteList(app: FastifyInstance): void {
  const routes: ListedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
  // Operational, like /healthz: left out of the OpenAPI document.
  app.get(ROUTE_LIST_PATH, { logLevel: 'warn', schema: { hide: true } }, async () => ({ routes }));
}
