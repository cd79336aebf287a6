import {
  closeWorkers,
  handingBack,
  keepJobScheduler,
  QueueContracts,
  QueueName,
  readPayload,
  type LinkHealthChangedEvent,
} from '@celebstyle/queue';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import {
  createEmailQueue,
  DEFAULT_RETRY_POLICY,
  enqueueDeliveriesInBulk,
  type DeliveryRetryPolicy,
} from '../email/email-queue.ts';
import { DEFAULT_JOB_LOCK_MS } from '../email/email-worker.ts';
import { digestAlertNotifications, type AlertMailSettings } from './alert-digest.ts';
import { applyAlertEvent } from './alert-triggers.ts';
import { expireAlerts } from './alerts.repository.ts';

export interface AlertWorkerOptions {
  db: Kysely<Database>;
  workerConnection: ConnectionOptions;
  queueConnection: ConnectionOptions;
  prefix: string;
  settings: AlertMailSettings;
  log: Log;
  retry?: DeliveryRetryPolicy;
  /** Alerts firing within this window go in one e-mail per address (default 30 s). */
  groupWindowMs?: number;
  /** Period of the digest sweep, which also catches notifications whose digest job was lost. */
  sweepEveryMs?: number;
  schedulerCheckEveryMs?: number;
  /** An event or digest claimed by a worker that died comes back after this long. */
  lockMs?: number;
}

export interface AlertWorker {
  /**
   * Runs a digest now: pending notifications become e-mails. Returns how many e-mails. With
   * `settledMs`, only addresses with a notification at least that old (the periodic sweep).
   */
  digest(settledMs?: number): Promise<number>;
  close(handBack?: AbortSignal): Promise<void>;
}

const DIGEST_JOB = 'alert-digest';
const DIGEST_SCHEDULER = 'alert-digest-sweep';
/** The periodic sweep's job: it catches notifications whose window's digest was lost. */
const DIGEST_SWEEP_JOB = 'alert-digest-sweep';

/**
 * Shopper alerts in the e-mail worker process (README, Shopper alerts): consumes link-validation's
 * link-health events from the alerts' own queue, writes a notification per alert that fires, and
 * turns the notifications into one e-mail per address after a short window (a digest job per
 * window, plus a periodic sweep). E-mails go through the outbox and the delivery queue like every
 * other e-mail of the service.
 */
export async function startAlertWorker(options: AlertWorkerOptions): Promise<AlertWorker> {
  const windowMs = options.groupWindowMs ?? 30_000;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const digestQueue = new Queue(QueueName.alertDigests, {
    connection: options.queueConnection,
    prefix: options.prefix,
  });
  const emailQueue = createEmailQueue(options.queueConnection, options.prefix);
  const lock = {
    lockDuration: options.lockMs ?? DEFAULT_JOB_LOCK_MS,
    stalledInterval: options.lockMs ?? DEFAULT_JOB_LOCK_MS,
  };

  const digest = async (settledMs = 0) => {
    await expireAlerts(options.db, new Date());
    const rows = await digestAlertNotifications(options.db, options.settings, { settledMs });
    // Committed in the outbox: a failed enqueue is left to the e-mail worker's outbox sweep.
    await enqueueDeliveriesInBulk(emailQueue, rows, retry).catch((err: unknown) =>
      options.log.warn({ err, count: rows.length }, 'alert e-mails left to the outbox sweep'),
    );
    if (rows.length > 0) options.log.info({ emails: rows.length }, 'alert e-mails written');
    return rows.length;
  };

  // The window opens with the first alert that fires and closes windowMs later with one digest:
  // alerts firing together land in one e-mail even across a clock boundary (fixed windows split a
  // pair that fired a millisecond apart on either side of one). BullMQ's deduplication in throttle
  // mode holds the window for every worker: an add while it is open is dropped, as its alert is
  // committed before the digest runs.
  const scheduleDigest = async () => {
    await digestQueue.add(
      DIGEST_JOB,
      {},
      {
        deduplication: { id: 'alert-digest-window', ttl: windowMs },
        // a little after the window closes, so nothing that found it open is left behind
        delay: windowMs + 10,
        attempts: 5,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: { count: 100 },
        removeOnFail: { count: 100 },
      },
    );
  };

  const events = new Worker<LinkHealthChangedEvent>(
    QueueContracts.alertLinkHealthEvents.name,
    // Applying an event is idempotent (one notification per alert and event): one handed back runs again.
    handingBack(async (job) => {
      const fired = await applyAlertEvent(
        options.db,
        readPayload(QueueContracts.alertLinkHealthEvents, job.data),
      );
      if (fired > 0) await scheduleDigest();
      return { fired };
    }),
    { connection: options.workerConnection, prefix: options.prefix, concurrency: 4, ...lock },
  );
  const digests = new Worker(
    QueueName.alertDigests,
    // A sweep leaves notifications of a window still open to that window's own digest.
    handingBack(async (job) => ({ emails: await digest(job.name === DIGEST_SWEEP_JOB ? windowMs : 0) })),
    { connection: options.workerConnection, prefix: options.prefix, concurrency: 1, ...lock },
  );
  for (const [worker, what] of [
    [events, 'alert event'],
    [digests, 'alert digest'],
  ] as const) {
    worker.on('error', (err) => options.log.error({ err }, `${what} worker error`));
    worker.on('failed', (job, err) => options.log.warn({ err, jobId: job?.id }, `${what} failed`));
  }

  const schedule = await keepJobScheduler(
    digestQueue,
    [
      DIGEST_SCHEDULER,
      { every: options.sweepEveryMs ?? 60_000 },
      { name: DIGEST_SWEEP_JOB, data: {}, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 30_000,
      connection: options.queueConnection,
      onRecreated: (why) =>
        options.log.warn({ why }, 'alert digest schedule was missing in Redis; re-created'),
      onError: (err) => options.log.error({ err }, 'could not check the alert digest schedule'),
    },
  );

  return {
    digest,
    async close(handBack) {
      schedule.stop();
      await closeWorkers([events, digests], handBack);
      await Promise.all([digestQueue.close(), emailQueue.close()]);
    },
  };
}
