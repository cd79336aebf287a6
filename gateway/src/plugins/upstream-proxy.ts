import proxy from '@fastify/http-proxy';
import { ErrorCode, SLOW_ROUTES } from '@celebstyle/contracts';
import { DEPENDENCY_RETRY_AFTER_SECONDS, errorBody, REQUEST_ID_HEADER } from '@celebstyle/service-kit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';
import fp from 'fastify-plugin';
import { serviceOf, UPSTREAM_NAMES, UPSTREAM_SERVICES, type UpstreamName } from '../route-table.ts';
import { answerBodyTooLarge } from './body-limit.ts';

export interface UpstreamProxyOptions {
  upstreams: Record<UpstreamName, string>;
  /** Longest wait for an upstream's answer headers (and between body chunks) before 504. */
  timeoutMs: number;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMED_OUT = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
]);

interface ProxyError extends Error {
  code?: string;
  cause?: unknown;
}

/** Every error code along the cause chain (reply-from wraps undici's error). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current = error as ProxyError | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string') codes.push(current.code);
    current = current.cause as ProxyError | undefined;
  }
  return codes;
}

/** Down → 503, slow → 504, anything else → 502; always the one JSON error format, never HTML or a hang. */
function answerUpstreamFailure(
  service: UpstreamName,
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  error: unknown,
): void {
  if (reply.request.bodyTooLarge) {
    if (!reply.sent) answerBodyTooLarge(reply.request as FastifyRequest, reply as FastifyReply);
    return;
  }
  const codes = errorCodes(error);
  const [status, code, message] = codes.some((c) => TIMED_OUT.has(c))
    ? [504, ErrorCode.gatewayTimeout, `The ${service} service did not answer in time`]
    : codes.some((c) => UNREACHABLE.has(c))
      ? [503, ErrorCode.serviceUnavailable, `The ${service} service is unavailable`]
      : [502, ErrorCode.badGateway, `The ${service} service answered with an error`];
  reply.request.log.warn({ service, status, codes }, 'upstream failed');
  if (reply.sent) return;
  // A stopped or restarting service is the same "try again shortly" as a service's own store outage.
  if (status === 503) void reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(errorBody(status, code, message));
}

/**
 * Headers the services rely on: the request id for log correlation, the client address for their
 * limits. `Expect: 100-continue` (curl sends it with any upload over 1 MiB) stops here: Node has
 * already answered 100 Continue to the client, and undici refuses to send the header at all, which
 * failed every such upload with 502.
 */
function forwardedHeaders(
  request: FastifyRequest<RouteGenericInterface, RawServerBase>,
  headers: Record<string, unknown>,
) {
  const { expect: _handledHere, ...passed } = headers;
  const previous = request.headers['x-forwarded-for'];
  return {
    ...passed,
    [REQUEST_ID_HEADER]: request.id,
    'x-forwarded-for': previous ? `${String(previous)}, ${request.ip}` : request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.headers.host ?? '',
  };
}

/** Proxy routes (relative to /api) for path prefixes: each prefix and everything under it. */
const routesOf = (prefixes: readonly string[]) =>
  prefixes.flatMap((prefix) => {
    const relative = prefix.slice('/api'.length);
    return [relative, `${relative}/*`];
  });

/**
 * Registers one proxy per service from the route table; each service gets its own connection pool.
 * A route whose answer may take longer than usual (contracts' SLOW_ROUTES: the post import) gets a
 * proxy of its own that waits that long; its more specific path wins over the service's prefix.
 */
async function upstreamProxy(app: FastifyInstance, options: UpstreamProxyOptions): Promise<void> {
  // The proxy routes answer what the services answer: the services' documents describe them.
  app.addHook('onRoute', (route) => {
    if ((route.config as { passThrough?: boolean } | undefined)?.passThrough)
      route.schema = { ...route.schema, hide: true };
  });
  const register = (service: UpstreamName, routes: string[], timeoutMs: number) =>
    app.register(proxy, {
      upstream: options.upstreams[service],
      prefix: '/api',
      rewritePrefix: '/api',
      routes,
      disableRequestLogging: true,
      config: { passThrough: true },
      undici: {
        connections: 128,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        connect: { timeout: Math.min(timeoutMs, 5_000) },
      },
      replyOptions: {
        timeout: timeoutMs,
        // No automatic retries: a service's own 503 is passed on as it is, not retried ten times.
        retryDelay: () => null,
        rewriteRequestHeaders: (request, headers) => forwardedHeaders(request, headers),
        onError: (reply, { error }) => answerUpstreamFailure(service, reply, error),
      },
    });
  for (const service of UPSTREAM_NAMES) {
    await register(service, routesOf(UPSTREAM_SERVICES[service].prefixes), options.timeoutMs);
    for (const slow of SLOW_ROUTES.filter((route) => serviceOf(route.prefix) === service))
      await register(service, routesOf([slow.prefix]), Math.max(slow.answerWithinMs, options.timeoutMs));
  }
}

export default fp(upstreamProxy, { name: 'upstream-proxy' });
