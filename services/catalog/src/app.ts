import { pingDb, poolOf } from '@celebstyle/db';
import { pingRedis } from '@celebstyle/queue';
import { createService, type AuthGuards, type ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.ts';
import { SocialPublisher } from './modules/sharing/social-publisher.ts';
import type { SharingDeps } from './modules/sharing/sharing-deps.ts';
import { serviceContextPlugin } from './plugins/service-context.ts';
import imageRoutes from './routes/images/index.ts';
import adminCelebrityRoutes from './routes/admin-celebrities/index.ts';
import adminPostRoutes from './routes/admin-posts/index.ts';
import adminShowRoutes from './routes/admin-shows/index.ts';
import celebrityRoutes from './routes/celebrities/index.ts';
import postRoutes from './routes/posts/index.ts';
import searchRoutes from './routes/search/index.ts';
import showRoutes from './routes/shows/index.ts';
import sitemapRoutes from './routes/sitemap/index.ts';

export interface AppDeps {
  db: Kysely<Database>;
  /** Fail-fast connection (createProducerConnection): a request never hangs on a down Redis. */
  redis: Redis;
  /** Prefix of every Redis key (QUEUE_PREFIX; a test file's own prefix in tests). */
  keyPrefix: string;
  logLevel?: string;
  /**
   * Admin token checks (service-kit guards on the accounts public keys); null when no keys are
   * configured, and the admin routes then answer 503. Tests of public reads leave it out.
   */
  guards?: AuthGuards | null;
  /** Share content and social publishing (default: the local storefront, publishing not configured). */
  sharing?: SharingDeps;
  /** TRUSTED_GATEWAY_ADDRESSES (service-kit's default when absent). */
  trustedGateway?: string;
}

/** Builds the catalog app without listening (tests call it with inject). */
export async function buildApp(deps: AppDeps): Promise<ServiceInstance> {
  const app = createService({
    name: 'catalog',
    logLevel: deps.logLevel,
    readiness: { postgres: () => pingDb(deps.db) },
    reported: { redis: () => pingRedis(deps.redis) },
    metrics: { pool: poolOf(deps.db), redis: { redis: deps.redis } },
    trustedGateway: deps.trustedGateway,
  });
  await app.register(serviceContextPlugin, {
    db: deps.db,
    redis: deps.redis,
    keyPrefix: deps.keyPrefix,
    guards: deps.guards ?? null,
    sharing: deps.sharing ?? { siteUrl: 'http://localhost:3000', publisher: new SocialPublisher(null) },
  });

  // Route plugins, one line each (every route carries its full /api path).
  await app.register(imageRoutes);
  await app.register(postRoutes);
  await app.register(celebrityRoutes);
  await app.register(showRoutes);
  await app.register(searchRoutes);
  await app.register(sitemapRoutes);
  await app.register(adminPostRoutes);
  await app.register(adminCelebrityRoutes);
  await app.register(adminShowRoutes);

  return app;
}
