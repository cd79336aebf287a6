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
  },
  { name: 'catalog-context' },
);
