import type { Redis } from 'ioredis';
import type { JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import { pingDb, poolOf } from '@celebstyle/db';
import { pingRedis } from '@celebstyle/queue';
import { ACCESS_TOKEN_TTL_SECONDS, createService, type ServiceInstance } from '@celebstyle/service-kit';
import type { Database } from './db/database.ts';
import { verificationKeys, type SigningKey } from './keys/signing-key.ts';
import { AuditEntry, AuditLogAnswer } from '@celebstyle/contracts';
import { AdminsService } from './modules/admins/admins.service.ts';
import { AuditLogService } from './modules/audit-log/audit-log.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottle, type LoginLimits } from './modules/auth/login-throttle.ts';
import type { PasswordHasher } from './modules/passwords/password-hasher.ts';
import { createAccessTokenSigner } from './modules/tokens/access-token-signer.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from './modules/tokens/refresh-token.ts';
import { TokenVersionPublisher } from './modules/tokens/token-versions.ts';
import { createAdminGuards } from './plugins/admin-guards.ts';
import { serviceContextPlugin } from './plugins/service-context.ts';
import { tokenVersionSyncPlugin } from './plugins/token-version-sync.ts';
import { accountsRoutes } from './routes/accounts/index.ts';
import { auditLogExportRoutes, auditLogRoutes } from './routes/audit-log/index.ts';
import { authRoutes } from './routes/auth/index.ts';

export interface AppDeps {
  db: Kysely<Database>;
  redis: Redis;
  signingKey: SigningKey;
  /** Public keys from AUTH_JWKS (may hold the previous key during rotation); null when not set. */
  jwks: JSONWebKeySet | null;
  issuer: string;
  audience: string;
  hasher: PasswordHasher;
  /** ACCESS_TOKEN_TTL_SECONDS; default 15 minutes. */
  accessTokenTtlSeconds?: number;
  /** REFRESH_REUSE_GRACE_SECONDS; default 20 s. */
  refreshReuseGraceSeconds?: number;
  loginLimits?: LoginLimits;
  /** QUEUE_PREFIX, in front of accounts' own Redis keys (token-version keys are shared: unprefixed). */
  keyPrefix: string;
  logLevel?: string;
  /** TRUSTED_GATEWAY_ADDRESSES, whose X-Forwarded-For names the client (per-address sign-in limit); service-kit's default when absent. */
  trustedGateway?: string;
}

/** Builds the accounts app without listening (tests use inject; server.ts listens). */
export async function buildApp(deps: AppDeps): Promise<ServiceInstance> {
  const app = createService({
    name: 'accounts',
    logLevel: deps.logLevel,
    // Without Redis, sign-in and guarded routes answer 503 on every pod alike (README, Readiness).
    readiness: { postgres: () => pingDb(deps.db) },
    reported: { redis: () => pingRedis(deps.redis) },
    metrics: { pool: poolOf(deps.db), redis: { redis: deps.redis } },
    trustedGateway: deps.trustedGateway,
  });

  const versions = new TokenVersionPublisher(deps.redis);
  const onPublishError = (error: unknown) =>
    app.log.error({ err: error }, 'could not publish a revocation to Redis');
  const sign = createAccessTokenSigner({
    key: deps.signingKey,
    issuer: deps.issuer,
    audience: deps.audience,
    ttlSeconds: deps.accessTokenTtlSeconds,
  });
  const auth = new AuthService({
    db: deps.db,
    hasher: deps.hasher,
    sign,
    accessTokenTtlSeconds: deps.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    refreshReuseGraceMs: (deps.refreshReuseGraceSeconds ?? REFRESH_REUSE_GRACE_SECONDS) * 1000,
    versions,
    onPublishError,
    throttle: new LoginThrottle(deps.redis, deps.loginLimits, deps.keyPrefix),
  });
  const admins = new AdminsService({
    db: deps.db,
    hasher: deps.hasher,
    versions,
    onPublishError,
  });

  const guards = createAdminGuards({
    db: deps.db,
    redis: deps.redis,
    jwks: verificationKeys(deps.jwks, deps.signingKey),
    issuer: deps.issuer,
    audience: deps.audience,
  });

  // Shared schemas: OpenAPI components that answers refer to by $ref.
  app.addSchema(AuditEntry);
  app.addSchema(AuditLogAnswer);
  const auditLog = new AuditLogService(deps.db);
  await app.register(serviceContextPlugin, { db: deps.db, auth, admins, auditLog, guards });
  await app.register(tokenVersionSyncPlugin, { db: deps.db, redis: deps.redis, versions });
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(auditLogRoutes);
  await app.register(auditLogExportRoutes);
  return app;
}
