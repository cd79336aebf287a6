import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_RETENTION_DEFAULT_DAYS } from '@celebstyle/contracts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AdminTokenSettings,
  BaseConfig,
  DatabasePoolSetting,
  DatabaseSettings,
  loadConfig,
  MetricsSettings,
  PortSetting,
  RedisSettings,
  ShutdownSettings,
  TrustedGatewaySetting,
} from '@celebstyle/service-kit';
import {
  REFRESH_REUSE_GRACE_MAX_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
} from './modules/tokens/refresh-token.ts';

const Optional = () => Type.Optional(Type.String());

/** Every variable the accounts process reads (README.md, Configuration). */
export const AccountsSettings = {
  ...BaseConfig,
  ...DatabaseSettings,
  ...DatabasePoolSetting(10),
  ...ShutdownSettings,
  PORT: PortSetting(3002),
  /** QUEUE_PREFIX: the prefix of accounts' own Redis keys (sign-in counters), as every service uses it. */
  ...RedisSettings,
  /** The private Ed25519 JWK (with kid) that signs access tokens: inline JSON or a file path. */
  AUTH_PRIVATE_KEY: Optional(),
  AUTH_PRIVATE_KEY_FILE: Optional(),
  /** Public keys accepted when verifying (rotation); accounts always adds its own public key. */
  ...AdminTokenSettings,
  /**
   * How long an access token lives. Shorter only (tests, drills): the revocation keys of deleted
   * admins are kept for the 15-minute maximum, so a longer lifetime would outlive them.
   */
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 1,
    maximum: ACCESS_TOKEN_TTL_SECONDS,
    default: ACCESS_TOKEN_TTL_SECONDS,
  }),
  /**
   * How long after its rotation a refresh token may be presented again without ending the session
   * (two tabs refreshing at once); 0 turns the grace off.
   */
  REFRESH_REUSE_GRACE_SECONDS: Type.Integer({
    minimum: 0,
    maximum: REFRESH_REUSE_GRACE_MAX_SECONDS,
    default: REFRESH_REUSE_GRACE_SECONDS,
  }),
  /** The first super admin, created on start when no admin exists. */
  ADMIN_USERNAME: Optional(),
  ADMIN_EMAIL: Optional(),
  ADMIN_PASSWORD: Optional(),
  /**
   * Addresses or CIDRs (or loopback, linklocal, uniquelocal) of the gateway: when the direct peer is
   * one of them, the last X-Forwarded-For entry (the address the gateway saw) is the client's.
   */
  ...TrustedGatewaySetting,
  /** Port of /metrics apart from PORT (the metrics port Kubernetes declares); 0: only on PORT. */
  ...MetricsSettings,
};

/** Every variable the accounts worker reads (the audit log's consumer and retention purge). */
export const AccountsWorkerSettings = {
  ...BaseConfig,
  ...DatabaseSettings,
  ...DatabasePoolSetting(4),
  ...ShutdownSettings,
  ...RedisSettings,
  /** Audit entries older than this many days are purged once a day. */
  AUDIT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 36_500, default: AUDIT_RETENTION_DEFAULT_DAYS }),
  /** Port of the worker's /metrics (on HOST); 0 leaves it off. */
  ...MetricsSettings,
};
export type AccountsWorkerConfig = Static<ReturnType<typeof Type.Object<typeof AccountsWorkerSettings>>>;

export function loadWorkerConfig(
  env: Record<string, string | undefined> = process.env,
): AccountsWorkerConfig {
  return loadConfig(AccountsWorkerSettings, env);
}
