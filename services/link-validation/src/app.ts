import { pingDb } from '@celebstyle/db';
import { pingRedis } from '@celebstyle/queue';
import { createService, type AuthGuards, type ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.ts';
import adminRulesRoutes from './routes/admin-rules/index.ts';
import type { RouteDeps } from './routes/deps.ts';
import publicRulesRoutes from './routes/public-rules/index.ts';

export interface AppDeps {
  db: Kysely<Database>;
  /** Producer connection (fails fast): admin token versions. */
  redis: Redis;
  guards: AuthGuards;
  logLevel?: string;
}

/** The link-validation HTTP app (URL cleaning rules for now), not listening (tests use inject). */
export async function buildApp(deps: AppDeps): Promise<ServiceInstance> {
  const app = createService({
    name: 'link-validation',
    logLevel: deps.logLevel,
    readiness: { postgres: () => pingDb(deps.db) },
    reported: { redis: () => pingRedis(deps.redis) },
  });
  const routeDeps: RouteDeps = { rules: { db: deps.db }, guards: deps.guards };
  await app.register(publicRulesRoutes, { deps: routeDeps });
  await app.register(adminRulesRoutes, { deps: routeDeps });
  return app;
}
