import type { FastifyInstance, RouteOptions } from 'fastify';
import { methodsOf } from './openapi/status-coverage.ts';

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
 * `declared` is the app's one record of its routes (app.declaredRoutes).
 */
export function installRouteList(app: FastifyInstance, declared: () => readonly RouteOptions[]): void {
  // Operational, like /healthz: left out of the OpenAPI document.
  app.get(ROUTE_LIST_PATH, { logLevel: 'warn', schema: { hide: true } }, async () => ({
    routes: declared().flatMap((route): ListedRoute[] =>
      methodsOf(route).map((method) => ({ method, url: route.url })),
    ),
  }));
}
