import { createDb } from '@celebstyle/db';
import { createProducerConnection } from '@celebstyle/queue';
import {
  createAuthGuards,
  createTokenVerifier,
  readJwks,
  redisTokenVersions,
  runService,
} from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { loadServerConfig } from './config.ts';
import type { Database } from './db/database.ts';

const config = loadServerConfig();
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  applicationName: 'link-validation',
});
const redis = createProducerConnection(config.REDIS_URL);
const verify = createTokenVerifier({
  jwks: readJwks(config.AUTH_JWKS, config.AUTH_JWKS_FILE),
  issuer: config.AUTH_ISSUER,
  audience: config.AUTH_AUDIENCE,
});

const app = await buildApp({
  db,
  redis,
  guards: createAuthGuards(verify, redisTokenVersions(redis)),
  logLevel: config.LOG_LEVEL,
});
app.addHook('onClose', async () => {
  redis.disconnect();
  await db.destroy();
});

await runService(app, { port: config.PORT, host: config.HOST });
