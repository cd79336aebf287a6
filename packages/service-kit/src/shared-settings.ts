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
