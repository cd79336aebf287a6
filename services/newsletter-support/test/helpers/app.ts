import { createProducerConnection, createWorkerConnection, whenRedisReady } from '@celebstyle/queue';
import type { Redis } from 'ioredis';
import {
  createAuthGuards,
  createMetricsRegistry,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
} from '@celebstyle/service-kit';
import type { Registry } from 'prom-client';
import { createEmailMetrics } from '../../src/modules/email/email-metrics.ts';
import { buildApp } from '../../src/app.ts';
import { connectDb } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import * as migration from '../../src/db/migrate.ts';
import { createEmailQueue, type EmailQueue } from '../../src/modules/email/email-queue.ts';
import { startAlertWorker, type AlertWorker } from '../../src/modules/alerts/alert-worker.ts';
import { startEmailWorker, type EmailWorker } from '../../src/modules/email/email-worker.ts';
import type { MailSettings } from '../../src/modules/email/mail-settings.ts';
import { smtpTransport } from '../../src/modules/email/mail-transport.ts';
import type { PublicRateLimits } from '../../src/routes/rate-limits.ts';
import {
  createTokenSigner,
  startTestService,
  type TestService,
  type TokenSigner,
} from '@celebstyle/service-kit/testing';
import { SmtpCapture } from './smtp-capture.ts';
import { AlertTargetsServer } from './alert-targets-server.ts';
import { httpAlertTargets } from '../../src/modules/alerts/alert-targets.ts';

export const SITE_URL = 'https://shop.test';
export const TEAM_ADDRESS = 'team@celebstyle.test';

export const testMailSettings: MailSettings = {
  siteUrl: SITE_URL,
  from: 'CelebStyle <no-reply@celebstyle.test>',
  supportTeamEmail: TEAM_ADDRESS,
  signingSecret: 'test-signing-secret-test-signing-secret',
  social: {
    instagram: 'https://instagram.test/celebstyle',
    tiktok: 'https://tiktok.test/@celebstyle',
    pinterest: 'https://pinterest.test/celebstyle',
    facebook: 'https://facebook.test/celebstyle',
    x: 'https://x.test/celebstyle',
  },
};

/** The affiliate redirect alert e-mails link through (the gateway's AFFILIATE_* settings). */
export const TEST_AFFILIATE = { redirectBaseUrl: 'https://go.affiliate.test/', partnerId: 'partner-1' };

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Lenient limits so only the rate-limit tests meet them. */
const ROOMY_LIMITS: PublicRateLimits = {
  subscribe: { max: 1000, timeWindow: 60_000 },
  support: { max: 1000, timeWindow: 60_000 },
};

export interface Harness extends TestService<Database> {
  queue: EmailQueue;
  smtp: SmtpCapture;
  /** link-validation's alert-targets route, as a stand-in on 127.0.0.1. */
  targets: AlertTargetsServer;
  signer: TokenSigner;
  worker: EmailWorker | null;
  /** The metrics of the worker last started (a registry of its own each time). */
  metrics: Registry | null;
  startWorker(): Promise<EmailWorker>;
  /** The shopper alerts' event consumer and digest (in the worker process in production). */
  alerts: AlertWorker | null;
  startAlerts(options?: { groupWindowMs?: number }): Promise<AlertWorker>;
}

export interface HarnessOptions {
  name: string;
  limits?: PublicRateLimits;
  resendCooldownMs?: number;
  /** Start the delivery worker against the capture server (default true). */
  worker?: boolean;
}

/**
 * One test file's world: a fresh PostgreSQL database, its own Redis prefix, a real SMTP server on
 * 127.0.0.1, the app (inject) and, by default, the delivery worker with short retry delays.
 */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const signer = await createTokenSigner();
  const verify = createTokenVerifier({
    jwks: signer.jwks,
    issuer: DEFAULT_TOKEN_ISSUER,
    audience: DEFAULT_TOKEN_AUDIENCE,
  });
  const smtp = new SmtpCapture();
  await smtp.start();
  const targets = new AlertTargetsServer();
  await targets.start();
  let queue: EmailQueue | undefined;
  let queueConnection: Redis | undefined;
  const service = await startTestService({
    name: `ns-${options.name}`,
    migration,
    connectDb,
    build: async ({ db, redis, keyPrefix, redisUrl }) => {
      queueConnection = createProducerConnection(redisUrl);
      await whenRedisReady(queueConnection);
      queue = createEmailQueue(queueConnection, keyPrefix);
      return buildApp({
        alertTargets: httpAlertTargets(targets.url),
        db,
        redis,
        emailQueue: queue,
        guards: createAuthGuards(verify, redisTokenVersions(redis)),
        mail: testMailSettings,
        keyPrefix,
        logLevel: 'silent',
        limits: options.limits ?? ROOMY_LIMITS,
        resendCooldownMs: options.resendCooldownMs,
        retry: { attempts: 30, backoffMs: 100 },
      });
    },
  });
  const emailQueue = queue!;
  const { db, keyPrefix, redisUrl } = service;
  // Closed before the stores, last started first: the workers, then the queue and the fake servers.
  service.onClose(() => smtp.stop());
  service.onClose(() => targets.stop());
  service.onClose(() => queueConnection?.disconnect());
  service.onClose(() => emailQueue.close());
  service.onClose(() => harness.worker?.close());
  service.onClose(() => harness.alerts?.close());

  const harness: Harness = Object.assign(service, {
    queue: emailQueue,
    smtp,
    targets,
    signer,
    worker: null,
    metrics: null,
    alerts: null,
    async startAlerts(alertOptions: { groupWindowMs?: number } = {}) {
      harness.alerts = await startAlertWorker({
        db,
        workerConnection: createWorkerConnection(redisUrl),
        queueConnection: createWorkerConnection(redisUrl),
        prefix: keyPrefix,
        settings: { mail: testMailSettings, affiliate: TEST_AFFILIATE },
        log: silentLog,
        retry: { attempts: 30, backoffMs: 100 },
        groupWindowMs: alertOptions.groupWindowMs ?? 200,
        sweepEveryMs: 1_000,
        schedulerCheckEveryMs: 1_000,
      });
      return harness.alerts;
    },
    async startWorker() {
      const registry = createMetricsRegistry('newsletter-support-worker');
      harness.metrics = registry;
      harness.worker = await startEmailWorker({
        db,
        workerConnection: createWorkerConnection(redisUrl),
        queueConnection: createWorkerConnection(redisUrl),
        prefix: keyPrefix,
        transport: smtpTransport(smtp.url, { timeoutMs: 2_000 }),
        log: silentLog,
        retry: { attempts: 30, backoffMs: 100 },
        leaseMs: 1_000,
        sweepEveryMs: 500,
        staleAfterMs: 300,
        schedulerCheckEveryMs: 500,
        metrics: { registry, email: createEmailMetrics(registry) },
      });
      return harness.worker;
    },
  });
  if (options.worker !== false) await harness.startWorker();
  return harness;
}
