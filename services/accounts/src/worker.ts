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
import { startAuditLogWorker } from './modules/audit-log/audit-log.worker.ts';

/**
 * accounts' worker, a process of its own (docs/design.md: workers scale apart from HTTP): the audit
 * log's consumer and its retention purge. Start: `npm run worker -w @celebstyle/accounts`.
 */
// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('accounts-worker');
const config = configOrExit('accounts-worker', () => loadWorkerConfig());
const log = pino({ name: 'accounts-worker', level: config.LOG_LEVEL });
const db = connectDb(config.DATABASE_URL, {
  max: config.DATABASE_POOL_MAX,
  applicationName: 'accounts-worker',
});

const registry = createMetricsRegistry('accounts-worker');
registerPoolGauges(registry, poolOf(db)!);
const workerConnection = createWorkerConnection(config.REDIS_URL);
const queueConnection = createWorkerConnection(config.REDIS_URL);
registerRedisGauges(registry, { worker: workerConnection, queue: queueConnection });

const worker = await startAuditLogWorker({
  db,
  workerConnection,
  queueConnection,
  prefix: config.QUEUE_PREFIX,
  log,
  retentionDays: config.AUDIT_RETENTION_DAYS,
});
const metricsServer = await serveMetrics(registry, config, log);

installGracefulShutdown({ log, graceMs: config.SHUTDOWN_GRACE_MS }, async ({ handBack }) => {
  await worker.close(handBack);
  await db.destroy();
  await metricsServer?.close();
});
