import { createAuditEventsQueue } from '@celebstyle/queue';
import type { AuthGuards } from '@celebstyle/service-kit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { catalogKeys } from '../lib/redis-keys.ts';
import { createShowEnrichmentQueue } from '../lib/show-enrichment-queue.ts';
import type { StoreContext } from '../lib/store-context.ts';
import { createPostEventsQueue } from '../modules/post-events/post-events.publisher.ts';
import type { SharingDeps } from '../modules/sharing/sharing-deps.ts';

/** What routes need (docs/conventions.md, Service layout): the stores, the admin guards and sharing. */
export interface ServiceContext extends StoreContext {
  /** Admin token checks; null when no public keys are configured (admin routes answer 503). */
  guards: AuthGuards | null;
  /** Share content and social publishing. */
  sharing: SharingDeps;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: ServiceContext;
  }
}

export interface ServiceContextOptions {
  db: Kysely<Database>;
  redis: Redis;
  keyPrefix: string;
  guards: AuthGuards | null;
  sharing: SharingDeps;
}

export const serviceContextPlugin = fp<ServiceContextOptions>(
  async (app, options) => {
    const postEvents = createPostEventsQueue(options.redis, options.keyPrefix);
    const showEnrichment = createShowEnrichmentQueue(options.redis, options.keyPrefix);
    const auditEvents = createAuditEventsQueue(options.redis, options.keyPrefix);
    app.decorate('catalog', {
      db: options.db,
      redis: options.redis,
      keys: catalogKeys(options.keyPrefix),
      postEvents,
      showEnrichment,
      auditEvents,
      guards: options.guards,
      sharing: options.sharing,
    });
    // Without a listener ioredis reports a lost connection as an unhandled error; reads carry on
    // without Redis (caches are skipped, views go uncounted) and /readyz says so.
    const onRedisError = (error: Error) => app.log.warn({ err: error }, 'redis connection error');
    options.redis.on('error', onRedisError);
    postEvents.on('error', (error) => app.log.warn({ err: error }, 'post-events queue error'));
    showEnrichment.on('error', (error) => app.log.warn({ err: error }, 'show-enrichment queue error'));
    auditEvents.on('error', (error) => app.log.warn({ err: error }, 'audit-events queue error'));
    app.addHook('onClose', async () => {
      await postEvents.close();
      await showEnrichment.close();
      await auditEvents.close();
      options.redis.off('error', onRedisError);
    });
  },
  { name: 'catalog-context' },
);
