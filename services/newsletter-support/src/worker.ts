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
import { loadWorkerConfig, mailSettingsOf } from './config.ts';
import { connectDb } from './db/connect.ts';
import { createEmailMetrics } from './modules/email/email-metrics.ts';
import { startAlertWorker } from './modules/alerts/alert-worker.ts';
import { startEmailWorker } from './modules/email/email-worker.ts';
import { folderTransport, smtpTransport } from './modules/email/mail-transport.ts';

/**
 * The e-mail delivery worker (and the shopper alerts' event consumer and digest), a process of its own (docs/design.md: workers scale apart from HTTP).
 * Start: `npm run worker -w @celebstyle/newsletter-support` (node --import tsx src/worker.ts).
 */
// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('newsletter-worker');
const config = configOrExit('newsletter-worker', () => loadWorkerConfig());
const log = pino({ name: 'newsletter-support-worker', level: config.LOG_LEVEL });
const db = connectDb(config.DATABASE_URL, {
  max: config.DATABASE_POOL_MAX,
  applicationName: 'newsletter-support-worker',
});

const transport = config.SMTP_URL
  ? smtpTransport(config.SMTP_URL, { connections: config.EMAIL_WORKER_CONCURRENCY })
  : folderTransport(config.MAIL_OUTBOX_DIR, (file) => log.info({ file }, 'e-mail written (no SMTP_URL set)'));
if (!config.SMTP_URL)
  log.info({ folder: config.MAIL_OUTBOX_DIR }, 'SMTP_URL is not set: e-mails go to .eml files');

const registry = createMetricsRegistry('newsletter-support-worker');
registerPoolGauges(registry, poolOf(db)!);
const workerConnection = createWorkerConnection(config.REDIS_URL);
const queueConnection = createWorkerConnection(config.REDIS_URL);
registerRedisGauges(registry, { worker: workerConnection, queue: queueConnection });

const worker = await startEmailWorker({
  db,
  workerConnection,
  queueConnection,
  prefix: config.QUEUE_PREFIX,
  transport,
  log,
  concurrency: config.EMAIL_WORKER_CONCURRENCY,
  leaseMs: config.EMAIL_SEND_LEASE_MS,
  lockMs: config.EMAIL_JOB_LOCK_MS,
  outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
  metrics: { registry, email: createEmailMetrics(registry) },
});
const alerts = await startAlertWorker({
  db,
  workerConnection,
  queueConnection,
  prefix: config.QUEUE_PREFIX,
  settings: {
    mail: mailSettingsOf(config),
    affiliate: {
      redirectBaseUrl: config.AFFILIATE_REDIRECT_BASE_URL,
      partnerId: config.AFFILIATE_PARTNER_ID,
    },
  },
  log,
  groupWindowMs: config.ALERT_GROUP_WINDOW_MS,
  lockMs: config.EMAIL_JOB_LOCK_MS,
});
const metricsServer = await serveMetrics(registry, config, log);

// /metrics and /healthz (liveness) answer until the jobs are finished or handed back.
installGracefulShutdown({ log, graceMs: config.SHUTDOWN_GRACE_MS }, async ({ handBack }) => {
  await Promise.all([worker.close(handBack), alerts.close(handBack)]);
  await db.destroy();
  await metricsServer?.close();
});
