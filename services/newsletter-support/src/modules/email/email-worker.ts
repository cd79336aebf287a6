import { daysAgo } from '@celebstyle/db';
import {
  closeWorkers,
  createAuditEventsQueue,
  handBackJob,
  handingBack,
  inJobSpan,
  keepJobScheduler,
  publishAuditEvents,
  QueueName,
  QueueContracts,
  readPayload,
} from '@celebstyle/queue';
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Registry } from 'prom-client';
import type { Kysely } from 'kysely';
import { DEFAULT_OUTBOX_RETENTION_DAYS, type Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import { supportAuditOutbox } from '../audit/support-audit.ts';
import { deliverOutboxRow } from './email-delivery.ts';
import {
  DEFAULT_RETRY_POLICY,
  OUTBOX_PRUNE_JOB,
  OUTBOX_SWEEP_JOB,
  createEmailQueue,
  ensureDeliveriesQueued,
  type DeliveryRetryPolicy,
  type EmailQueueJob,
} from './email-queue.ts';
import { registerOutboxGauges, type EmailMetrics } from './email-metrics.ts';
import type { MailTransport } from './mail-transport.ts';
import { listStaleUnsent, pruneFinishedEmails } from './outbox.repository.ts';

export interface EmailWorkerOptions {
  db: Kysely<Database>;
  /** A worker connection (maxRetriesPerRequest: null) for the worker, and one for the queue. */
  workerConnection: ConnectionOptions;
  queueConnection: ConnectionOptions;
  prefix: string;
  transport: MailTransport;
  log: Log;
  concurrency?: number;
  retry?: DeliveryRetryPolicy;
  /** How long a claimed row is reserved for one send attempt. */
  leaseMs?: number;
  /** A job claimed by a worker that died comes back after this long (BullMQ lock and stalled check). */
  lockMs?: number;
  /** Period of the outbox sweep (job scheduler). */
  sweepEveryMs?: number;
  /** A row unsent for this long without a live job is enqueued again by the sweep. */
  staleAfterMs?: number;
  /** How often the worker checks the sweep's scheduler still exists in Redis (re-created if not). */
  schedulerCheckEveryMs?: number;
  /** Where sends, failures, the outbox backlog and the queue's depth are reported. */
  metrics?: { registry: Registry; email: EmailMetrics };
  /** Days a sent or given-up e-mail stays in the outbox (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays?: number;
}

export interface EmailWorker {
  worker: Worker<EmailQueueJob>;
  /** Runs one sweep now (the scheduler also runs it every sweepEveryMs). */
  sweep(): Promise<number>;
  /**
   * Stops taking jobs and waits for the sends in flight; when `handBack` aborts (the shutdown grace
   * is ending), a send still waiting for its SMTP server gives its row and job back.
   */
  close(handBack?: AbortSignal): Promise<void>;
}

const isSweep = (job: Job<EmailQueueJob>) => job.name === OUTBOX_SWEEP_JOB || job.name === OUTBOX_PRUNE_JOB;
const OUTBOX_SWEEP_SCHEDULER = 'email-outbox-sweep';
const OUTBOX_PRUNE_SCHEDULER = 'email-outbox-retention';
const OUTBOX_PRUNE_EVERY_MS = 6 * 60 * 60_000;
/** BullMQ's own default lock: a dead worker's job runs again within about twice this. */
export const DEFAULT_JOB_LOCK_MS = 30_000;

/**
 * The e-mail delivery worker (docs/design.md, Background work): delivers outbox rows from the queue and,
 * through a job scheduler, periodically re-enqueues rows whose job was lost (Redis flushed, or
 * attempts exhausted during a long SMTP outage), so no message is lost for good.
 */
export async function startEmailWorker(options: EmailWorkerOptions): Promise<EmailWorker> {
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const leaseMs = options.leaseMs ?? 120_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const queue = createEmailQueue(options.queueConnection, options.prefix);
  const metrics = options.metrics?.email;
  if (options.metrics) registerOutboxGauges(options.metrics.registry, options.db, [queue]);

  const auditEvents = createAuditEventsQueue(options.queueConnection, options.prefix);
  // The support desk's audit outbox rides the same sweep; its delivered rows go with the retention job.
  const sweepAudit = async () => {
    const published = await publishAuditEvents(supportAuditOutbox.source(options.db), auditEvents);
    if (published > 0) options.log.info({ published }, 'audit entries published from the outbox');
  };
  const sweep = async () => {
    const rows = await listStaleUnsent(options.db, staleAfterMs, 500);
    const requeued = rows.length > 0 ? await ensureDeliveriesQueued(queue, rows, retry) : 0;
    if (requeued > 0) options.log.warn({ requeued }, 'outbox sweep re-enqueued unsent e-mails');
    await sweepAudit().catch((err: unknown) => options.log.error({ err }, 'audit outbox sweep failed'));
    return requeued;
  };

  const worker = new Worker<EmailQueueJob>(
    QueueName.emailDelivery,
    async (job, token, signal) => {
      if (job.name === OUTBOX_PRUNE_JOB) {
        const days = options.outboxRetentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS;
        const prune = async () =>
          (await pruneFinishedEmails(options.db, days)) +
          (await supportAuditOutbox.deletePublished(options.db, daysAgo(days)));
        return handingBack(async () => ({ pruned: await prune() }))(job, token, signal);
      }
      if (isSweep(job)) return handingBack(async () => ({ requeued: await sweep() }))(job, token, signal);
      return inJobSpan(job, async () => {
        const data = readPayload(QueueContracts.emailDelivery, job.data);
        const outcome = await deliverOutboxRow(options.db, options.transport, data, leaseMs, signal);
        if (outcome === 'handed-back') return handBackJob(job, token);
        if (outcome === 'missing') options.log.warn({ outboxId: data.outboxId }, 'outbox row not found');
        if (outcome === 'sent') metrics?.sent.inc();
        return { outcome };
      });
    },
    {
      connection: options.workerConnection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 5,
      lockDuration: options.lockMs ?? DEFAULT_JOB_LOCK_MS,
      stalledInterval: options.lockMs ?? DEFAULT_JOB_LOCK_MS,
    },
  );
  worker.on('error', (err) => options.log.error({ err }, 'e-mail worker error'));
  worker.on('failed', (job, err) => {
    if (!job) return;
    const refused = err.name === 'UnrecoverableError';
    if (!isSweep(job)) metrics?.failed.inc({ reason: refused ? 'refused' : 'temporary' });
    const exhausted = job.attemptsMade >= (job.opts.attempts ?? 1);
    const message = refused
      ? 'e-mail refused permanently; outbox row marked failed'
      : exhausted
        ? 'e-mail delivery attempts exhausted; the outbox sweep retries later'
        : 'e-mail delivery failed, retrying';
    options.log[refused || exhausted ? 'error' : 'warn'](
      { err, jobId: job.id, attempt: job.attemptsMade },
      message,
    );
  });

  const sweepSchedule = await keepJobScheduler(
    queue,
    [
      OUTBOX_SWEEP_SCHEDULER,
      { every: options.sweepEveryMs ?? 60_000 },
      { name: OUTBOX_SWEEP_JOB, data: { sweep: true }, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 30_000,
      connection: options.queueConnection,
      onRecreated: (why) =>
        options.log.warn({ why }, 'outbox sweep schedule was missing in Redis; re-created'),
      onError: (err) => options.log.error({ err }, 'could not check the outbox sweep schedule'),
    },
  );
  const pruneSchedule = await keepJobScheduler(
    queue,
    [
      OUTBOX_PRUNE_SCHEDULER,
      { every: OUTBOX_PRUNE_EVERY_MS },
      { name: OUTBOX_PRUNE_JOB, data: { sweep: true }, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 30_000,
      connection: options.queueConnection,
      onRecreated: (why) =>
        options.log.warn({ why }, 'outbox retention schedule was missing in Redis; re-created'),
      onError: (err) => options.log.error({ err }, 'could not check the outbox retention schedule'),
    },
  );
  options.log.info({ transport: options.transport.describe }, 'e-mail worker started');

  return {
    worker,
    sweep,
    async close(handBack) {
      sweepSchedule.stop();
      pruneSchedule.stop();
      await closeWorkers([worker], handBack);
      await queue.close();
      await auditEvents.close();
      options.transport.close();
    },
  };
}
