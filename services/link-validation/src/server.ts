import { createDb } from '@celebstyle/db';
import { createProducerConnection } from '@celebstyle/queue';
import { adminGuardsFromConfig, configOrExit, runService } from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { loadServerConfig } from './config.ts';
import type { Database } from './db/database.ts';

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

await runService(app, { port: config.PORT, host: config.HOST }, { graceMs: config.SHUTDOWN_GRACE_MS });
