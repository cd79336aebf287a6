import { poolOf } from '@celebstyle/db';
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
import pino from 'pino';
import { loadWorkerConfig } from './config.ts';
import { connectDb } from './db/connect.ts';
import { isPinnedUrl, parsePins } from './modules/checker/host-pins.ts';
import { createLinkChecker } from './modules/checker/link-checker.ts';
import { createLinkCheckMetrics } from './modules/checks/link-check-metrics.ts';
import { startLinkValidationWorker } from './modules/checks/link-validation-worker.ts';

/**
 * The link-check worker, a process of its own (docs/design.md: workers scale apart from HTTP).
 * Start: `npm run worker -w @celebstyle/link-validation`.
 */
// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('link-validation-worker');
const config = configOrExit('link-validation-worker', () => loadWorkerConfig());
const log = pino({ name: 'link-validation-worker', level: config.LOG_LEVEL });
const db = connectDb(config.DATABASE_URL, {
  max: config.DATABASE_POOL_MAX,
  applicationName: 'link-validation-worker',
});
const pins = parsePins(config.LINK_CHECK_RESOLVE);
if (pins.size > 0)
  log.warn({ pins: [...pins.keys()] }, 'LINK_CHECK_RESOLVE pins hosts to fixed addresses (local farm)');

const registry = createMetricsRegistry('link-validation-worker');
registerPoolGauges(registry, poolOf(db)!);
const workerConnection = createWorkerConnection(config.REDIS_URL);
const queueConnection = createWorkerConnection(config.REDIS_URL);
registerRedisGauges(registry, { worker: workerConnection, queue: queueConnection });

const worker = await startLinkValidationWorker({
  db,
  workerConnection,
  queueConnection,
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
  workerConnection.disconnect();
  queueConnection.disconnect();
  await db.destroy();
  await metricsServer?.close();
});
