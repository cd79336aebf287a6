import { createProducerConnection } from '@celebstyle/queue';
import {
  configOrExit,
  loadConfig,
  runService,
  serveMetrics,
  startTracingFromEnv,
} from '@celebstyle/service-kit';
import { buildApp } from './app.ts';
import { AccountsSettings } from './config.ts';
import { connectDb } from './db/connect.ts';
import { loadKeys } from './keys/key-settings.ts';
import { ensureFirstSuperAdmin } from './modules/bootstrap/first-admin.ts';
import { createPasswordHasher } from './modules/passwords/password-hasher.ts';

// First: spans for the HTTP and queue work below when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracingFromEnv('accounts');
const config = configOrExit('accounts', () => loadConfig(AccountsSettings));
// Fails before anything opens: production without a signing key never starts.
const { signingKey, jwks } = await loadKeys(config).catch((error: unknown) => {
  console.error(`accounts: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const db = connectDb(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
const redis = createProducerConnection(config.REDIS_URL);
const hasher = await createPasswordHasher();

const app = await buildApp({
  db,
  redis,
  signingKey,
  jwks,
  hasher,
  issuer: config.AUTH_ISSUER,
  audience: config.AUTH_AUDIENCE,
  accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  refreshReuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
  logLevel: config.LOG_LEVEL,
  trustedGateway: config.TRUSTED_GATEWAY_ADDRESSES,
  keyPrefix: config.QUEUE_PREFIX,
});
app.addHook('onClose', async () => {
  await db.destroy();
  redis.disconnect();
});

try {
  const outcome = await ensureFirstSuperAdmin(db, hasher, config);
  if (outcome === 'created')
    app.log.info(`first super admin "${config.ADMIN_USERNAME}" created from ADMIN_* settings`);
  if (outcome === 'not-configured')
    app.log.warn(
      'no admin exists: set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -w @celebstyle/accounts -- create`',
    );
} catch (error) {
  app.log.fatal({ err: error }, 'cannot start accounts');
  await app.close();
  process.exit(1);
}

// Also on a port of its own when METRICS_PORT is set: the one Kubernetes declares and lets Prometheus
// reach, while only the gateway reaches PORT.
const metricsServer = await serveMetrics(app.metrics, config, app.log);
app.addHook('onClose', async () => {
  await metricsServer?.close();
});
await runService(app, { port: config.PORT, host: config.HOST }, { graceMs: config.SHUTDOWN_GRACE_MS });
