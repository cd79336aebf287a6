import { pingDb, poolOf } from '@celebstyle/db';
import { createAuditEventsQueue, pingRedis } from '@celebstyle/queue';
import { createService, type AuthGuards, type ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.ts';
import { createCheckNowQueue } from './modules/on-demand-checks/check-now-queue.ts';
import adminLinkHealthRoutes from './routes/admin-link-health/index.ts';
import adminLinkValidationRoutes from './routes/admin-link-validation/index.ts';
import adminRulesRoutes from './routes/admin-rules/index.ts';
import { createAnswerCache } from './modules/results/answer-cache.ts';
import { serviceContextPlugin, type ServiceContext } from './plugins/service-context.ts';
import publicRulesRoutes from './routes/public-rules/index.ts';
import internalAlertTargetRoutes from './routes/internal-alert-targets/index.ts';

export interface AppDeps {
  db: Kysely<Database>;
  /** Producer connection (fails fast): admin token versions, the check-now queue. */
  redis: Redis;
  /** Prefix of every Redis key and queue (QUEUE_PREFIX; a test file's own prefix in tests). */
  keyPrefix: string;
  /**
   * Admin token checks (service-kit guards on the accounts public keys); null or absent when no keys
   * are configured, and the admin routes then answer 503.
   */
  guards?: AuthGuards | null;
  logLevel?: string;
  /** TRUSTED_GATEWAY_ADDRESSES (service-kit's default when absent). */
  trustedGateway?: string;
  /**
   * How long (ms) the results reuse filterOptions (30 s by default) and a total of matching posts
   * for the same filters (10 s by default); 0 in tests.
   */
  resultsCacheMaxAgeMs?: { filterOptions: number; totals: number };
}

/** The link-validation HTTP app (URL cleaning rules, link health results), not listening (tests use inject). */
export async function buildApp(deps: AppDeps): Promise<ServiceInstance> {
  const app = createService({
    name: 'link-validation',
    logLevel: deps.logLevel,
    readiness: { postgres: () => pingDb(deps.db) },
    reported: { redis: () => pingRedis(deps.redis) },
    metrics: { pool: poolOf(deps.db), redis: { redis: deps.redis } },
    trustedGateway: deps.trustedGateway,
  });
  const checkNowQueue = createCheckNowQueue(deps.redis, deps.keyPrefix);
  checkNowQueue.on('error', (err) => app.log.warn({ err }, 'check-now queue error'));
  app.addHook('onClose', () => checkNowQueue.close());
  const auditEvents = createAuditEventsQueue(deps.redis, deps.keyPrefix);
  auditEvents.on('error', (err) => app.log.warn({ err }, 'audit-events queue error'));
  app.addHook('onClose', () => auditEvents.close());
  // A failed publish leaves the entries to the worker's outbox sweep.
  const onPublishError = (err: unknown) => app.log.warn({ err }, 'audit entries left to the outbox sweep');
  const context: ServiceContext = {
    rules: { db: deps.db, auditEvents, onPublishError },
    results: {
      db: deps.db,
      auditEvents,
      onPublishError,
      filterOptions: createAnswerCache(deps.resultsCacheMaxAgeMs?.filterOptions ?? 30_000),
      totals: createAnswerCache(deps.resultsCacheMaxAgeMs?.totals ?? 10_000),
    },
    linkHealth: { db: deps.db, queue: checkNowQueue },
    backlog: { db: deps.db, redis: deps.redis, prefix: deps.keyPrefix },
    guards: deps.guards ?? null,
  };
  await app.register(serviceContextPlugin, context);
  await app.register(publicRulesRoutes);
  await app.register(adminRulesRoutes);
  await app.register(adminLinkValidationRoutes);
  await app.register(adminLinkHealthRoutes);
  await app.register(internalAlertTargetRoutes);
  return app;
}
