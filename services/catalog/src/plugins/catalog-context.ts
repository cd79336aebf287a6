import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { CatalogDatabase } from '../db/schema.ts';
import { catalogKeys, type CatalogKeys } from '../lib/redis-keys.ts';

/** What routes need: the database, Redis (a fail-fast producer connection) and the key names. */
export interface CatalogContext {
  db: Kysely<CatalogDatabase>;
  redis: Redis;
  keys: CatalogKeys;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogContext;
  }
}

export interface CatalogContextOptions {
  db: Kysely<CatalogDatabase>;
  redis: Redis;
  keyPrefix: string;
}

export const catalogContextPlugin = fp<CatalogContextOptions>(
  async (app, options) => {
    app.decorate('catalog', { db: options.db, redis: options.redis, keys: catalogKeys(options.keyPrefix) });
    // Without a listener ioredis reports a lost connection as an unhandled error; reads carry on
    // without Redis (caches are skipped, views go uncounted) and /readyz says so.
    const onRedisError = (error: Error) => app.log.warn({ err: error }, 'redis connection error');
    options.redis.on('error', onRedisError);
    app.addHook('onClose', async () => {
      options.redis.off('error', onRedisError);
    });
  },
  { name: 'catalog-context' },
);
