import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { catalogKeys, type CatalogKeys } from '../lib/redis-keys.ts';
import {
  createShowEnrichmentQueue,
  type ShowEnrichmentQueue,
} from '../modules/enrichment/show-enrichment.queue.ts';
import { createPostEventsQueue, type PostEventsQueue } from '../modules/post-events/post-events.publisher.ts';

/** What routes need: the database, Redis (a fail-fast producer connection) and the key names. */
export interface CatalogContext {
  db: Kysely<Database>;
  redis: Redis;
  keys: CatalogKeys;
  /** The post-events queue on the same fail-fast connection (post writes publish after commit). */
  postEvents: PostEventsQueue;
  /** Show lookups on TVmaze, done by the catalog worker. */
  showEnrichment: ShowEnrichmentQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogContext;
  }
}

export interface CatalogContextOptions {
  db: Kysely<Database>;
  redis: Redis;
  keyPrefix: string;
}

export const catalogContextPlugin = fp<CatalogContextOptions>(
  async (app, options) => {
    const postEvents = createPostEventsQueue(options.redis, options.keyPrefix);
    const showEnrichment = createShowEnrichmentQueue(options.redis, options.keyPrefix);
    app.decorate('catalog', {
      db: options.db,
      redis: options.redis,
      keys: catalogKeys(options.keyPrefix),
      postEvents,
      showEnrichment,
    });
    // Without a listener ioredis reports a lost connection as an unhandled error; reads carry on
    // without Redis (caches are skipped, views go uncounted) and /readyz says so.
    const onRedisError = (error: Error) => app.log.warn({ err: error }, 'redis connection error');
    options.redis.on('error', onRedisError);
    postEvents.on('error', (error) => app.log.warn({ err: error }, 'post-events queue error'));
    showEnrichment.on('error', (error) => app.log.warn({ err: error }, 'show-enrichment queue error'));
    app.addHook('onClose', async () => {
      await postEvents.close();
      await showEnrichment.close();
      options.redis.off('error', onRedisError);
    });
  },
  { name: 'catalog-context' },
);
