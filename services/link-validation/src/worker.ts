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
import { isPinnedUrl, parsePins } from './modules/link-check-engine/host-pins.ts';
import { createLinkChecker } from './modules/link-check-engine/link-checker.ts';
import { createLinkCheckMetrics } from './modules/check-jobs/link-check-metrics.ts';
import { startLinkValidationWorker } from './modules/check-jobs/link-validation-worker.ts';
import { checkIntervalsFrom } from './modules/scheduling/check-intervals.ts';

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
const slotConnection = createWorkerConnection(config.REDIS_URL, { enableAutoPipelining: true });
registerRedisGauges(registry, { worker: workerConnection, queue: queueConnection, slots: slotConnection });

const worker = await startLinkValidationWorker({
  db,
  workerConnection,
  queueConnection,
  slotConnection,
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
  intervals: checkIntervalsFrom({
    activeMs: config.LINK_CHECK_ACTIVE_INTERVAL_MS,
    soldOutMs: config.LINK_CHECK_SOLD_OUT_INTERVAL_MS,
  }),
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
  for (const connection of [workerConnection, queueConnection, slotConnection]) connection.disconnect();
  await db.destroy();
  await metricsServer?.close();
});
