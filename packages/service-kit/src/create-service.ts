import { DEFAULT_BODY_LIMIT_BYTES } from '@celebstyle/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { acceptEmptyJsonBody } from './empty-json-body.ts';
import { installErrorHandling } from './errors.ts';
import { answerClientError, answerFrameworkError } from './framework-errors.ts';
import { installHealthRoutes, type ReadinessCheck } from './health.ts';
import { loggerOptions, newRequestId, REQUEST_ID_HEADER, requestIdFor } from './logger.ts';
import { installNulGuard } from './nul-guard.ts';
import { installPrivateAnswers } from './private-answers.ts';
import { canonicalUuidKeyword } from './canonical-uuid.ts';
import { finiteNumberKeyword } from './query-numbers.ts';
import { installRouteList } from './route-list.ts';
import { applyRouteLimits } from './route-limits.ts';
import { DEFAULT_TRUSTED_GATEWAY_ADDRESSES, trustGatewayOnly } from './trusted-gateway.ts';
import { requireContractSchemas } from './route-schema-check.ts';
import {
  registerPoolGauges,
  registerRedisGauges,
  type PoolState,
  type RedisState,
} from './metrics/dependency-gauges.ts';
import { installHttpMetrics } from './metrics/http-metrics.ts';
import { createMetricsRegistry } from './metrics/registry.ts';
import { installOpenApi } from './openapi/openapi-document.ts';
import { trackRouteSchemas } from './openapi/status-coverage.ts';
import type { Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus registry: services add their own metrics to it. */
    metrics: Registry;
    /** Every route declared on the app, with its schema (the schema-coverage tests read them). */
    declaredRoutes: () => readonly RouteOptions[];
  }
}

export type ServiceInstance = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceOptions {
  name: string;
  logLevel?: string;
  /** What the service needs to serve, behind /readyz: { postgres: () => pingDb(db) }. */
  readiness?: Record<string, ReadinessCheck>;
  /** Shown on /readyz but never failing it: shared dependencies it can serve without (Redis). */
  reported?: Record<string, ReadinessCheck>;
  /**
   * Whether an X-Request-Id sent with the request names it in logs and answers. Services take the
   * gateway's; the gateway, facing clients, sets false and always makes its own, so a client
   * cannot write or collide with the ids in the logs.
   */
  trustCallerRequestId?: boolean;
  /**
   * Whether GET /routez lists the routes (default true): services, reached only through the
   * gateway, do; the gateway, facing clients, does not.
   */
  listRoutes?: boolean;
  /**
   * TRUSTED_GATEWAY_ADDRESSES of a service behind the gateway: X-Forwarded-For names the client only
   * when the direct peer is one of them (trusted-gateway.ts); the setting's default when absent. The
   * gateway, which faces the load balancer instead, sets `fastify.trustProxy`, which wins.
   */
  trustedGateway?: string;
  /** Extra Fastify options (bodyLimit, trustProxy, ...). */
  fastify?: FastifyServerOptions;
  /** What the metrics report besides HTTP and Node: the PostgreSQL pool, the Redis connections by name. */
  metrics?: { pool?: PoolState; redis?: Record<string, RedisState> };
  /**
   * Whether JSON bodies are parsed here (default true), an empty one as null (empty-json-body.ts).
   * The gateway says false: it streams bodies to the services unparsed, with its proxy's own parser.
   */
  parseJsonBodies?: boolean;
  /**
   * Whether GET /metrics is answered on the app's own port (default true). The gateway, whose port
   * is public, says false and serves its metrics on a port of their own (metrics-server.ts).
   */
  metricsRoute?: boolean;
}

/**
 * The one way to build a service: logging with the gateway's request id, one error format,
 * health and readiness routes, TypeBox schemas, each route's limits from contracts (route-limits.ts),
 * an empty JSON body read as null, NUL characters refused (nul-guard.ts), query numbers
 * finite and bounded (query-numbers.ts), ids in one lower-case form (canonical-uuid.ts), private answers never cached
 * (private-answers.ts), its routes listed at /routez (route-list.ts), Prometheus metrics at /metrics
 * (metrics/), its OpenAPI document at /openapi.json (openapi/). Returns an app that is not
 * listening, so tests use inject.
 */
export function createService(options: ServiceOptions): ServiceInstance {
  const app = Fastify({
    logger: loggerOptions(options.name, options.logLevel ?? 'info'),
    genReqId: options.trustCallerRequestId === false ? newRequestId : requestIdFor,
    forceCloseConnections: 'idle',
    connectionTimeout: 30_000,
    keepAliveTimeout: 72_000,
    requestTimeout: 30_000,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false },
      plugins: [finiteNumberKeyword, canonicalUuidKeyword],
    },
    trustProxy: trustGatewayOnly(options.trustedGateway ?? DEFAULT_TRUSTED_GATEWAY_ADDRESSES),
    ...options.fastify,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('admin', null);
  applyRouteLimits(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  // While shutting down, ask keep-alive clients (the gateway's pool, browsers) to close the
  // connection after this response; an idle keep-alive socket would otherwise hold close() open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  const metrics = createMetricsRegistry(options.name);
  app.decorate('metrics', metrics);
  installHttpMetrics(app, metrics);
  if (options.metrics?.pool) registerPoolGauges(metrics, options.metrics.pool);
  if (options.metrics?.redis) registerRedisGauges(metrics, options.metrics.redis);
  const declaredRoutes = trackRouteSchemas(app);
  app.decorate('declaredRoutes', declaredRoutes);
  installOpenApi(app, options.name);
  installErrorHandling(app);
  if (options.parseJsonBodies !== false) acceptEmptyJsonBody(app);
  installPrivateAnswers(app);
  installNulGuard(app);
  requireContractSchemas(app);
  if (options.listRoutes ?? true) installRouteList(app, declaredRoutes);
  installHealthRoutes(app, options.readiness ?? {}, options.reported ?? {});
  if (options.metricsRoute !== false) {
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.type(metrics.contentType).send(await metrics.metrics()),
    );
  }
  return app;
}
