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
import { loadCatalogConfig } from './config.ts';
import { connectDb } from './db/connect.ts';
import { SocialPublisher } from './modules/sharing/social-publisher.ts';
import { socialPublishingSettings } from './modules/sharing/social-settings.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('catalog');
const config = configOrExit('catalog', () => requireAdminTokenKeysInProduction(loadCatalogConfig()));
const db = connectDb(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
const redis = createProducerConnection(config.REDIS_URL);
const app = await buildApp({
  db,
  redis,
  keyPrefix: config.QUEUE_PREFIX,
  logLevel: config.LOG_LEVEL,
  guards: adminGuardsIfConfigured(config, redis),
  trustedGateway: config.TRUSTED_GATEWAY_ADDRESSES,
  sharing: {
    siteUrl: config.PUBLIC_SITE_URL,
    publisher: new SocialPublisher(socialPublishingSettings(config)),
  },
});
app.addHook('onClose', async () => {
  await db.destroy();
  await redis.quit().catch(() => redis.disconnect());
});
// Also on a port of its own when METRICS_PORT is set: the one Kubernetes declares and lets Prometheus
// reach, while only the gateway reaches PORT.
const metricsServer = await serveMetrics(app.metrics, config, app.log);
app.addHook('onClose', async () => {
  await metricsServer?.close();
});
await runService(app, { port: config.PORT, host: config.HOST }, { graceMs: config.SHUTDOWN_GRACE_MS });
