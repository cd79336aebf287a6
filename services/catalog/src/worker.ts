// The catalog worker process (catalog-maintenance queue): flushes buffered view counts and sweeps
// the post-changed outbox onto the post-events queue, each on a schedule, and enriches shows from
// TVmaze (show-enrichment queue).
import { poolOf } from '@celebstyle/db';
import { closeWorkers, createWorkerConnection, QueueName } from '@celebstyle/queue';
import {
  configOrExit,
  createMetricsRegistry,
  installGracefulShutdown,
  registerPoolGauges,
  registerQueueGauges,
  registerRedisGauges,
  serveMetrics,
  startTracingFromEnv,
} from '@celebstyle/service-kit';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { loadCatalogWorkerConfig } from './config.ts';
import { connectDb } from './db/connect.ts';
import { catalogKeys } from './lib/redis-keys.ts';
import { startShowEnrichmentWorker } from './modules/enrichment/show-enrichment.worker.ts';
import { startLinkHealthConsumer } from './modules/link-health/link-health.consumer.ts';
import { startMaintenanceWorker } from './modules/maintenance/maintenance.worker.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('catalog-worker');
const config = configOrExit('catalog-worker', () => loadCatalogWorkerConfig());
const log = pino({ level: config.LOG_LEVEL, base: { service: 'catalog-worker' } });
const db = connectDb(config.DATABASE_URL, {
  max: config.DATABASE_POOL_MAX,
  applicationName: 'catalog-worker',
});
const connection = createWorkerConnection(config.REDIS_URL);
const maintenance = await startMaintenanceWorker({
  db,
  connection,
  redis: connection,
  keys: catalogKeys(config.QUEUE_PREFIX),
  prefix: config.QUEUE_PREFIX,
  flushEveryMs: config.VIEW_FLUSH_INTERVAL_MS,
  postEventsSweepMs: config.POST_EVENTS_SWEEP_MS,
  outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
  log,
});
log.info(
  { viewFlushEveryMs: config.VIEW_FLUSH_INTERVAL_MS, postEventsSweepMs: config.POST_EVENTS_SWEEP_MS },
  'catalog worker started',
);

const enrichment = startShowEnrichmentWorker({
  db,
  connection,
  redis: connection,
  keys: catalogKeys(config.QUEUE_PREFIX),
  prefix: config.QUEUE_PREFIX,
  tvmazeBaseUrl: config.TVMAZE_BASE_URL,
  maxCalls: config.TVMAZE_MAX_CALLS,
  windowMs: config.TVMAZE_WINDOW_MS,
  log,
});

// link-validation's verdicts: public answers list healthy links first and leave dead ones out.
const linkHealth = startLinkHealthConsumer({
  db,
  connection,
  redis: connection,
  keys: catalogKeys(config.QUEUE_PREFIX),
  prefix: config.QUEUE_PREFIX,
  log,
});

// Metrics: the pool, the Redis connection and the depth of the queues this worker consumes.
const registry = createMetricsRegistry('catalog-worker');
registerPoolGauges(registry, poolOf(db)!);
registerRedisGauges(registry, { worker: connection });
const countedQueues = [
  QueueName.catalogMaintenance,
  QueueName.showEnrichment,
  QueueName.linkHealthEvents,
].map((name) => new Queue(name, { connection, prefix: config.QUEUE_PREFIX }));
registerQueueGauges(registry, countedQueues);
const metricsServer = await serveMetrics(registry, config, log);

// SIGTERM: every worker stops taking jobs at once and finishes what it holds within the grace period,
// handing back what it cannot finish. /metrics and /healthz (liveness) answer until the end.
installGracefulShutdown({ log, graceMs: config.SHUTDOWN_GRACE_MS }, async ({ handBack }) => {
  await Promise.all([
    linkHealth.close(handBack),
    closeWorkers([enrichment], handBack),
    maintenance.close(handBack),
  ]);
  await Promise.all(countedQueues.map((queue) => queue.close()));
  await connection.quit().catch(() => connection.disconnect());
  await db.destroy();
  await metricsServer?.close();
});
