/**
 * The largest request body each route takes, and how long its answer may take where that is more
 * than a usual request's, written once: every service gives its routes these limits (service-kit,
 * when a route is declared) and the gateway applies the same ones before and while proxying (a
 * service answering 413 while the gateway is still sending the body would otherwise reach the
 * client as 502; a gateway giving up before the service answers, as 504). The longest matching
 * prefix wins; a route under none takes DEFAULT_BODY_LIMIT_BYTES and the usual time.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

export interface RouteLimit {
  /** A path prefix: the path itself and every path under it (route templates too). */
  prefix: string;
  maxBytes: number;
  /** Longest wait for the answer, where the gateway's usual wait (UPSTREAM_TIMEOUT_MS) is too short. */
  answerWithinMs?: number;
}

export const ROUTE_LIMITS: readonly RouteLimit[] = [
  { prefix: '/api/newsletter', maxBytes: 8 * 1024 },
  { prefix: '/api/newsletter/unsubscribe/one-click', maxBytes: 4096 },
  { prefix: '/api/alerts', maxBytes: 8 * 1024 },
  { prefix: '/api/alerts/unsubscribe', maxBytes: 4096 },
  { prefix: '/api/support', maxBytes: 64 * 1024 },
  { prefix: '/api/admin/support', maxBytes: 64 * 1024 },
  // 50,000 posts (the import's row limit) with their links are about 16 MB of JSON, and importing
  // them takes minutes on busy, shared cores: both bounded well above.
  { prefix: '/api/admin/posts/import', maxBytes: 64 * 1024 * 1024, answerWithinMs: 300_000 },
];

function routeLimitOf(path: string): RouteLimit | undefined {
  let best: RouteLimit | undefined;
  for (const limit of ROUTE_LIMITS) {
    const matches = path === limit.prefix || path.startsWith(`${limit.prefix}/`);
    if (matches && (!best || limit.prefix.length > best.prefix.length)) best = limit;
  }
  return best;
}

/** The largest request body the route of a path or route template (no query string) takes. */
export function bodyLimitFor(path: string): number {
  return routeLimitOf(path)?.maxBytes ?? DEFAULT_BODY_LIMIT_BYTES;
}

/** How long the answer of a path's route may take, when longer than usual; undefined otherwise. */
export function answerTimeFor(path: string): number | undefined {
  return routeLimitOf(path)?.answerWithinMs;
}

/** The routes whose answers may take longer than usual. */
export const SLOW_ROUTES = ROUTE_LIMITS.filter(
  (limit): limit is RouteLimit & { answerWithinMs: number } => limit.answerWithinMs !== undefined,
);
