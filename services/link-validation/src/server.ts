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
import { loadServerConfig } from './config.ts';
import { connectDb } from './db/connect.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('link-validation');
const config = configOrExit('link-validation', () => requireAdminTokenKeysInProduction(loadServerConfig()));
const db = connectDb(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
const redis = createProducerConnection(config.REDIS_URL);
const app = await buildApp({
  db,
  redis,
  keyPrefix: config.QUEUE_PREFIX,
  guards: adminGuardsIfConfigured(config, redis),
  logLevel: config.LOG_LEVEL,
  trustedGateway: config.TRUSTED_GATEWAY_ADDRESSES,
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
