import { createDb } from '@celebstyle/db';
import { createProducerConnection } from '@celebstyle/queue';
import {
  adminGuardsFromConfig,
  configOrExit,
  runService,
  serveMetrics,
  startTracingFromEnv,
} from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { loadServerConfig } from './config.ts';
import type { Database } from './db/database.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('link-validation');
const config = configOrExit('link-validation', () => loadServerConfig());
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  applicationName: 'link-validation',
  max: config.DATABASE_POOL_MAX,
});
const redis = createProducerConnection(config.REDIS_URL);
const app = await buildApp({
  db,
  redis,
  queuePrefix: config.QUEUE_PREFIX,
  guards: adminGuardsFromConfig(config, redis),
  logLevel: config.LOG_LEVEL,
});
app.addHook('onClose', async () => {
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
