import type { FastifyInstance, RouteOptions } from 'fastify';

export interface UndeclaredAnswer {
  method: string;
  route: string;
  statusCode: number;
}

/** Whether a route's response schemas cover a status: its own code, its class (`2xx`) or `default`. */
export function declares(response: Record<string, unknown> | undefined, statusCode: number): boolean {
  if (statusCode >= 400) return true; // the shared error body (openapi-document.ts, withSharedErrors)
  // 304 Not Modified answers a conditional GET of any cacheable route, without a body.
  if (statusCode === 304) return true;
  if (!response) return false;
  const status = String(statusCode);
  return Object.keys(response).some(
    (key) => key === status || key.toLowerCase() === `${status[0]}xx` || key === 'default',
  );
}

/** The methods a route answers, without the HEAD twin Fastify adds to each GET. */
export const methodsOf = (route: RouteOptions): string[] =>
  ([] as string[]).concat(route.method).filter((method) => method !== 'HEAD');

export interface RouteSchemaGap {
  method: string;
  route: string;
  problem: string;
}

/** An operationId as generated clients name their methods: camelCase, verb first (`listPosts`). */
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/**
 * The rules every documented route follows: it declares a response schema for its success status
 * (some 2xx, or the 3xx of a redirect), and answers nothing else but declared statuses and the
 * shared error body; and it names its operation for a generated client, with an `operationId`
 * (camelCase, unique in the service; the gateway's test checks the combined document) and a
 * `summary`.
 */
export function routeSchemaGaps(routes: readonly RouteOptions[]): RouteSchemaGap[] {
  const gaps: RouteSchemaGap[] = [];
  const operationIds = new Map<string, string>();
  for (const route of routes) {
    if (route.schema?.hide) continue;
    const schema = route.schema;
    const response = schema?.response as Record<string, unknown> | undefined;
    const success = Object.keys(response ?? {}).some((key) => /^[23](\d\d|xx)$/i.test(key));
    const problems: string[] = [];
    if (!success) problems.push('no response schema for its success status');
    const operationId = schema?.operationId;
    if (!operationId) problems.push('no operationId');
    else if (!OPERATION_ID.test(operationId)) problems.push(`operationId ${operationId} is not camelCase`);
    else if (operationIds.has(operationId))
      problems.push(`operationId ${operationId} is also ${operationIds.get(operationId)}'s`);
    if (operationId && methodsOf(route).length > 1) problems.push('one operationId for several methods');
    if (!schema?.summary?.trim()) problems.push('no summary');
    for (const method of methodsOf(route)) {
      if (operationId && !operationIds.has(operationId))
        operationIds.set(operationId, `${method} ${route.url}`);
      for (const problem of problems) gaps.push({ method, route: route.url, problem });
    }
  }
  return gaps;
}

const undeclared: UndeclaredAnswer[] = [];

/** Answers given in this process with a status their route declares no schema for (tests assert none). */
export function undeclaredAnswers(): readonly UndeclaredAnswer[] {
  return undeclared;
}

/**
 * Records every route as it is declared (`routes()`), and every answer whose status the route's
 * schemas do not name, with a warning: the document would otherwise promise less than the route
 * does. Each service's tests fail on any such answer (test/setup).
 */
export function trackRouteSchemas(app: FastifyInstance): () => readonly RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const schema = request.routeOptions.schema;
    const url = request.routeOptions.url;
    if (url !== undefined && !schema?.hide) {
      const response = schema?.response as Record<string, unknown> | undefined;
      if (!declares(response, reply.statusCode)) {
        const answer = { method: request.method, route: url, statusCode: reply.statusCode };
        if (undeclared.length < 1000) undeclared.push(answer);
        request.log.warn(answer, 'answered a status its route declares no response schema for');
      }
    }
    done();
  });
  return () => routes;
}

/** A route's path as OpenAPI writes it: `/api/posts/:slug` is `/api/posts/{slug}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * `METHOD path` of every route that is not hidden but missing from the document, or hidden while
 * not one of the operational routes (health, readiness, metrics, the document itself, the route list).
 */
export function documentationGaps(
  routes: readonly RouteOptions[],
  document: { paths?: Record<string, Record<string, unknown>> },
  operational: readonly string[] = ['/healthz', '/readyz', '/metrics', '/openapi.json', '/routez'],
): string[] {
  const gaps: string[] = [];
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      if (route.schema?.hide) {
        // Service-to-service routes under /internal/ (never routed by the gateway) stay out of the
        // public document, like the operational ones.
        const internal = route.url.startsWith('/internal/');
        if (!operational.includes(route.url) && !internal) gaps.push(`${method} ${route.url} is hidden`);
      } else if (!document.paths?.[openApiPath(route.url)]?.[method.toLowerCase()]) {
        gaps.push(`${method} ${route.url} is not in the document`);
      }
    }
  }
  return gaps;
}
