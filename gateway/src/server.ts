import {
  catalogPendingViewsKey,
  createProducerConnection,
  latestCatalogChange,
  pingRedis,
  readCatalogSequence,
  whenRedisReady,
} from '@celebstyle/queue';
import {
  type AuthGuards,
  configOrExit,
  createAuthGuards,
  createTokenVerifier,
  readJwks,
  redisTokenVersions,
  runService,
  serveMetrics,
  startTracingFromEnv,
} from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadGatewayConfig, trustProxyOption, upstreamUrl, type GatewayConfig } from './config.ts';
import { UPSTREAM_NAMES, type UpstreamName } from './route-table.ts';
import { siteConfigFrom } from './site-config.ts';

function guardsFrom(config: GatewayConfig, redis: Redis): AuthGuards | null {
  if (!config.AUTH_JWKS && !config.AUTH_JWKS_FILE) {
    if (config.NODE_ENV === 'production')
      throw new Error('AUTH_JWKS or AUTH_JWKS_FILE is required in production');
    return null;
  }
  const verify = createTokenVerifier({
    jwks: readJwks(config.AUTH_JWKS, config.AUTH_JWKS_FILE),
    issuer: config.AUTH_ISSUER,
    audience: config.AUTH_AUDIENCE,
  });
  return createAuthGuards(verify, redisTokenVersions(redis));
}

/** Uses Redis for shared rate-limit counters when it answers at start; otherwise counts in memory. */
async function answers(redis: Redis): Promise<boolean> {
  try {
    await whenRedisReady(redis, 5_000);
    await pingRedis(redis);
    return true;
  } catch {
    return false;
  }
}

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
// Its calls to the services carry the trace (traceparent), so their spans join the request's.
await startTracingFromEnv('gateway', { traceOutgoing: true });
const config = configOrExit('gateway', () => loadGatewayConfig());
const redis = createProducerConnection(config.REDIS_URL, { lazyConnect: false });
redis.on('error', () => undefined); // reconnects on its own; readiness and the guard report it
const redisAnswers = await answers(redis);
const guards = guardsFrom(config, redis);
const upstreams = Object.fromEntries(UPSTREAM_NAMES.map((n) => [n, upstreamUrl(config, n)])) as Record<
  UpstreamName,
  string
>;

const app = await buildApp({
  logLevel: config.LOG_LEVEL,
  upstreams,
  upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  guards,
  publicAdminDocs: config.NODE_ENV !== 'production',
  rateLimit: {
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    redis: redisAnswers ? redis : null,
    keyPrefix: config.QUEUE_PREFIX,
  },
  siteConfig: siteConfigFrom(config),
  webDistDir: config.WEB_DIST_DIR,
  adminDistDir: config.ADMIN_WEB_DIST_DIR,
  pages: {
    serverEntry: config.WEB_SERVER_ENTRY,
    cacheTtlMs: config.PAGE_CACHE_TTL_MS,
    renderTimeoutMs: config.PAGE_RENDER_TIMEOUT_MS,
    catalogChanges: {
      sequence: () => readCatalogSequence(redis, config.QUEUE_PREFIX),
      latest: (postIds) => latestCatalogChange(redis, config.QUEUE_PREFIX, postIds, true),
    },
    countView: (postId) => redis.hincrby(catalogPendingViewsKey(config.QUEUE_PREFIX), postId, 1),
  },
  trustProxy: trustProxyOption(config.TRUST_PROXY),
  reported: { redis: () => pingRedis(redis) },
  metricsRedis: { redis },
});
if (!redisAnswers) app.log.warn(`Redis does not answer at ${config.REDIS_URL}: rate limits count in memory`);
if (!guards) app.log.warn('AUTH_JWKS/AUTH_JWKS_FILE not set: admin API calls answer 503');
const metricsServer = await serveMetrics(app.metrics, config, app.log);
app.addHook('onClose', async () => {
  await metricsServer?.close();
  redis.disconnect();
});
await runService(app, { port: config.PORT, host: config.HOST }, { graceMs: config.SHUTDOWN_GRACE_MS });
