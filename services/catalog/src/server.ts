import { createProducerConnection } from '@celebstyle/queue';
import {
  adminGuardsFromConfig,
  ConfigError,
  configOrExit,
  hasAdminTokenKeys,
  runService,
} from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { loadCatalogConfig } from './config.ts';
import { connectCatalogDb } from './db/connect.ts';
import { SocialPublisher } from './modules/sharing/social-publisher.ts';
import { socialPublishingSettings } from './modules/sharing/social-settings.ts';

const config = configOrExit('catalog', () => {
  const loaded = loadCatalogConfig();
  if (!hasAdminTokenKeys(loaded) && loaded.NODE_ENV === 'production')
    throw new ConfigError([
      'AUTH_JWKS or AUTH_JWKS_FILE is required in production (admin routes check tokens)',
    ]);
  return loaded;
});
const db = connectCatalogDb(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
const redis = createProducerConnection(config.REDIS_URL);
const keysConfigured = hasAdminTokenKeys(config);
const guards = keysConfigured ? adminGuardsFromConfig(config, redis) : null;
const app = await buildApp({
  db,
  redis,
  keyPrefix: config.QUEUE_PREFIX,
  logLevel: config.LOG_LEVEL,
  guards,
  sharing: {
    siteUrl: config.PUBLIC_SITE_URL,
    publisher: new SocialPublisher(socialPublishingSettings(config)),
  },
});
app.addHook('onClose', async () => {
  await db.destroy();
  await redis.quit().catch(() => redis.disconnect());
});
await runService(app, { port: config.PORT, host: config.HOST }, { graceMs: config.SHUTDOWN_GRACE_MS });
