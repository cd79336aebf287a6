import { pingDb, poolOf } from '@celebstyle/db';
import { createAuditEventsQueue, pingRedis } from '@celebstyle/queue';
import { createService, type AuthGuards, type ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.ts';
import type { AlertTargets } from './modules/alerts/alert-targets.ts';
import type { EmailDispatch } from './modules/email/email-dispatch.ts';
import {
  DEFAULT_RETRY_POLICY,
  enqueueNewDeliveries,
  type DeliveryRetryPolicy,
  type EmailQueue,
} from './modules/email/email-queue.ts';
import type { MailSettings } from './modules/email/mail-settings.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import adminSupportRoutes from './routes/admin-support/index.ts';
import adminAlertRoutes from './routes/admin-alerts/index.ts';
import alertRoutes from './routes/alerts/index.ts';
import { serviceContextPlugin } from './plugins/service-context.ts';
import { DEFAULT_RATE_LIMITS, type PublicRateLimits } from './routes/rate-limits.ts';
import newsletterRoutes from './routes/newsletter/index.ts';
import supportRoutes from './routes/support/index.ts';

export interface AppDeps {
  db: Kysely<Database>;
  /** Producer connection (fails fast): rate-limit counters. */
  redis: Redis;
  emailQueue: EmailQueue;
  /**
   * Admin token checks (service-kit guards on the accounts public keys); null or absent when no keys
   * are configured, and the admin routes then answer 503.
   */
  guards?: AuthGuards | null;
  mail: MailSettings;
  /** Prefix of every Redis key and queue (QUEUE_PREFIX; a test file's own prefix in tests). */
  keyPrefix: string;
  logLevel?: string;
  /** TRUSTED_GATEWAY_ADDRESSES, whose X-Forwarded-For names the client (rate limits); service-kit's default when absent. */
  trustedGateway?: string;
  limits?: PublicRateLimits;
  /** Re-send a confirmation at most once per cooldown (default 10 minutes; README, Rules). */
  resendCooldownMs?: number;
  retry?: DeliveryRetryPolicy;
  /** The looks and links shoppers may set alerts on (link-validation's internal route). */
  alertTargets: AlertTargets;
}

export const DEFAULT_RESEND_COOLDOWN_MS = 10 * 60_000;

/** The newsletter-support HTTP app, not listening (tests use inject). */
export async function buildApp(deps: AppDeps): Promise<ServiceInstance> {
  const app = createService({
    name: 'newsletter-support',
    logLevel: deps.logLevel,
    readiness: { postgres: () => pingDb(deps.db) },
    reported: { redis: () => pingRedis(deps.redis) },
    metrics: { pool: poolOf(deps.db), redis: { redis: deps.redis } },
    trustedGateway: deps.trustedGateway,
  });

  const retry = deps.retry ?? DEFAULT_RETRY_POLICY;
  const mail: EmailDispatch = {
    settings: deps.mail,
    async enqueue(rows) {
      if (rows.length === 0) return;
      try {
        await enqueueNewDeliveries(deps.emailQueue, rows, retry);
      } catch (err) {
        // The rows are committed in the outbox: the worker's sweep enqueues them once Redis is back.
        app.log.warn(
          { err, outboxIds: rows.map((r) => r.id) },
          'e-mail enqueue failed; left to the outbox sweep',
        );
      }
    },
  };
  const auditEvents = createAuditEventsQueue(deps.redis, deps.keyPrefix);
  auditEvents.on('error', (err) => app.log.warn({ err }, 'audit-events queue error'));
  app.addHook('onClose', () => auditEvents.close());
  // A failed publish leaves the entries to the worker's outbox sweep.
  const onPublishError = (err: unknown) => app.log.warn({ err }, 'audit entries left to the outbox sweep');
  await app.register(serviceContextPlugin, {
    newsletter: { db: deps.db, mail, resendCooldownMs: deps.resendCooldownMs ?? DEFAULT_RESEND_COOLDOWN_MS },
    support: { db: deps.db, mail, auditEvents, onPublishError },
    alerts: {
      db: deps.db,
      mail,
      targets: deps.alertTargets,
      resendCooldownMs: deps.resendCooldownMs ?? DEFAULT_RESEND_COOLDOWN_MS,
    },
    guards: deps.guards ?? null,
    limits: deps.limits ?? DEFAULT_RATE_LIMITS,
  });

  await app.register(rateLimitPlugin, { redis: deps.redis, prefix: deps.keyPrefix });
  await app.register(newsletterRoutes);
  await app.register(supportRoutes);
  await app.register(adminSupportRoutes);
  await app.register(alertRoutes);
  await app.register(adminAlertRoutes);
  return app;
}
