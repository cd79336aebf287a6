import { createDb, poolOf } from '@celebstyle/db';
import { createWorkerConnection } from '@celebstyle/queue';
import {
  configOrExit,
  createMetricsRegistry,
  installGracefulShutdown,
  registerPoolGauges,
  registerRedisGauges,
  serveMetrics,
  startTracingFromEnv,
} from '@celebstyle/service-kit';
import type { Redis, RedisOptions } from 'ioredis';
import pino from 'pino';
import { loadWorkerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { isPinnedUrl, parsePins } from './modules/link-check-engine/host-pins.ts';
import { createLinkChecker } from './modules/link-check-engine/link-checker.ts';
import { createLinkCheckMetrics } from './modules/check-jobs/link-check-metrics.ts';
import { startLinkValidationWorker } from './modules/check-jobs/link-validation-worker.ts';

/**
 * The link-check worker, a process of its own (docs/design.md: workers scale apart from HTTP).
 * Start: `npm run worker -w @celebstyle/link-validation`.
 */
// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('link-validation-worker');
const config = configOrExit('link-validation-worker', () => loadWorkerConfig());
const log = pino({ name: 'link-validation-worker', level: config.LOG_LEVEL });
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  applicationName: 'link-validation-worker',
  max: config.DATABASE_POOL_MAX,
});
const pins = parsePins(config.LINK_CHECK_RESOLVE);
if (pins.size > 0)
  log.warn({ pins: [...pins.keys()] }, 'LINK_CHECK_RESOLVE pins hosts to fixed addresses (local farm)');

const registry = createMetricsRegistry('link-validation-worker');
registerPoolGauges(registry, poolOf(db)!);
const connections: Record<string, Redis> = {};
registerRedisGauges(registry, connections);
const connect = (options?: RedisOptions) => {
  const connection = createWorkerConnection(config.REDIS_URL, options);
  connections[`bullmq-${Object.keys(connections).length + 1}`] = connection;
  return connection;
};

const worker = await startLinkValidationWorker({
  db,
  connect,
  prefix: config.QUEUE_PREFIX,
  checker: createLinkChecker({
    pins,
    pinnedOnly: config.LINK_CHECK_PINNED_ONLY,
    timeoutMs: config.LINK_CHECK_TIMEOUT_MS,
  }),
  log,
  concurrency: config.LINK_CHECK_CONCURRENCY,
  politeness: {
    maxInFlight: config.LINK_CHECK_HOST_CONCURRENCY,
    minIntervalMs: config.LINK_CHECK_HOST_INTERVAL_MS,
    leaseMs: config.LINK_CHECK_TIMEOUT_MS * 2 + 10_000,
  },
  lockMs: config.LINK_CHECK_LOCK_MS,
  sweepEveryMs: config.LINK_CHECK_SWEEP_MS,
  // Pinned-only: links to other hosts are not even queued (they would only be refused).
  acceptLink: config.LINK_CHECK_PINNED_ONLY ? (url) => isPinnedUrl(pins, url) : undefined,
  metrics: createLinkCheckMetrics(registry),
  retention: {
    checkHistoryDays: config.LINK_CHECK_HISTORY_DAYS,
    outboxDays: config.OUTBOX_RETENTION_DAYS,
  },
});
const metricsServer = await serveMetrics(registry, config, log);

// /metrics and /healthz (liveness) answer until the jobs are finished or handed back.
installGracefulShutdown({ log, graceMs: config.SHUTDOWN_GRACE_MS }, async ({ handBack }) => {
  await worker.close(handBack);
  // BullMQ leaves connections it was given open: each is closed here, as the catalog worker does.
  await Promise.all(
    Object.values(connections).map((connection) => connection.quit().catch(() => connection.disconnect())),
  );
  await db.destroy();
  await metricsServer?.close();
});
