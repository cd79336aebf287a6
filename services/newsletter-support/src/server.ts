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
import { loadServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { createEmailQueue } from './modules/email/email-queue.ts';
import { trimSlash } from './modules/email/mail-settings.ts';

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
  mail: {
    siteUrl: trimSlash(config.PUBLIC_SITE_URL),
    from: config.MAIL_FROM,
    supportTeamEmail: config.SUPPORT_TEAM_EMAIL,
    signingSecret: config.NEWSLETTER_SIGNING_SECRET,
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
      pinterest: config.SOCIAL_PINTEREST_URL,
      facebook: config.SOCIAL_FACEBOOK_URL,
      x: config.SOCIAL_X_URL,
    },
  },
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
