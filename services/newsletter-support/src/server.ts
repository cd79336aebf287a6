import { createDb } from '@celebstyle/db';
import { createProducerConnection } from '@celebstyle/queue';
import {
  adminGuardsFromConfig,
  configOrExit,
  runService,
  serveMetrics,
  startTracingFromEnv,
  trustGatewayOnly,
} from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { loadServerConfig, mailSettingsOf } from './config.ts';
import type { Database } from './db/database.ts';
import { createEmailQueue } from './modules/email/email-queue.ts';
import { httpAlertTargets } from './modules/alerts/alert-targets.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('newsletter-support');
const config = configOrExit('newsletter-support', () => loadServerConfig());
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  applicationName: 'newsletter-support',
  max: config.DATABASE_POOL_MAX,
});
const redis = createProducerConnection(config.REDIS_URL);
const emailQueue = createEmailQueue(createProducerConnection(config.REDIS_URL), config.QUEUE_PREFIX);

const app = await buildApp({
  db,
  redis,
  emailQueue,
  guards: adminGuardsFromConfig(config, redis),
  prefix: config.QUEUE_PREFIX,
  logLevel: config.LOG_LEVEL,
  trustProxy: trustGatewayOnly(config.TRUSTED_GATEWAY_ADDRESSES),
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
