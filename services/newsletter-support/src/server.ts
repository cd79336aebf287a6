import { createProducerConnection } from '@celebstyle/queue';
import {
  adminGuardsIfConfigured,
  configOrExit,
  requireAdminTokenKeysInProduction,
  runService,
  serveMetrics,
  startTracingFromEnv,
} from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { loadServerConfig, mailSettingsOf } from './config.ts';
import { connectDb } from './db/connect.ts';
import { createEmailQueue } from './modules/email/email-queue.ts';
import { httpAlertTargets } from './modules/alerts/alert-targets.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('newsletter-support');
const config = configOrExit('newsletter-support', () =>
  requireAdminTokenKeysInProduction(loadServerConfig()),
);
const db = connectDb(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
const redis = createProducerConnection(config.REDIS_URL);
const emailQueue = createEmailQueue(createProducerConnection(config.REDIS_URL), config.QUEUE_PREFIX);

const app = await buildApp({
  db,
  redis,
  emailQueue,
  guards: adminGuardsIfConfigured(config, redis),
  keyPrefix: config.QUEUE_PREFIX,
  logLevel: config.LOG_LEVEL,
  trustedGateway: config.TRUSTED_GATEWAY_ADDRESSES,
  mail: mailSettingsOf(config),
  alertTargets: httpAlertTargets(config.LINK_VALIDATION_URL),
});
app.addHook('onClose', async () => {
  await emailQueue.close();
  redis.disconnect();
  await db.destroy();
});

// Also on a port of its own when METRICS_PORT is set: the one Kubernetes declares and lets Prometheus
// reach, while only the gateway reaches PORT.
const metricsServer = await serveMetrics(app.metrics, config, app.log);
app.addHook('onClose', async () => {
  await metricsServer?.close();
});
await runService(app, { port: config.PORT, host: config.HOST }, { graceMs: config.SHUTDOWN_GRACE_MS });
