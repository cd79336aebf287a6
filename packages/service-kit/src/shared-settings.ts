import { DEFAULT_QUEUE_PREFIX, DEFAULT_REDIS_URL } from '@celebstyle/queue';
import { Type } from '@sinclair/typebox';
import { UrlSetting } from './config.ts';

/** The development database every process and the launcher use unless DATABASE_URL says otherwise. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/celebstyle';

/** A process that reads or migrates PostgreSQL (README.md, Configuration). */
export const DatabaseSettings = {
  DATABASE_URL: UrlSetting(DEFAULT_DATABASE_URL, ['postgres', 'postgresql']),
};

/** A process that uses Redis: the connection and the prefix of every key and queue of this deployment. */
export const RedisSettings = {
  REDIS_URL: UrlSetting(DEFAULT_REDIS_URL, ['redis', 'rediss']),
  QUEUE_PREFIX: Type.String({ default: DEFAULT_QUEUE_PREFIX, minLength: 1 }),
};

/** Default days a published outbox row is kept (for tracing an event back); then it is deleted. */
export const DEFAULT_OUTBOX_RETENTION_DAYS = 7;

/** A worker that runs its service's retention jobs (README.md, Configuration: data retention). */
export const RetentionSettings = {
  OUTBOX_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: DEFAULT_OUTBOX_RETENTION_DAYS }),
};

/**
 * A process's PostgreSQL pool: the most connections it holds at once (README.md, Configuration;
 * deploy/README.md, the connection budget). Each process has its own default.
 */
export const DatabasePoolSetting = (defaultMax: number) => ({
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 500, default: defaultMax }),
});

/** The longest SIGTERM may take in a process that serves or works (README.md, Configuration). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/**
 * Every server and worker: after SIGTERM it stops taking requests and jobs, and has this long to
 * finish what it holds (a worker hands back what it cannot finish) before it exits regardless.
 * Longer than a link check (LINK_CHECK_TIMEOUT_MS) and the gateway's UPSTREAM_TIMEOUT_MS; a
 * Kubernetes pod's terminationGracePeriodSeconds covers it plus the preStop pause.
 */
export const ShutdownSettings = {
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 1_000, maximum: 600_000, default: DEFAULT_SHUTDOWN_GRACE_MS }),
};
