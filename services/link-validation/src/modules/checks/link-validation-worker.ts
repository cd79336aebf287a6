import { daysAgo } from '@celebstyle/db';
import {
  closeWorkers,
  createAuditEventsQueue,
  handingBack,
  publishAuditEvents,
  QueueName,
} from '@celebstyle/queue';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { Database } from '../../db/database.ts';
import type { LinkChecker } from '../checker/link-checker.ts';
import { linkValidationAuditOutbox } from '../audit/link-validation-audit.ts';
import { CHECK_NOW_CONCURRENCY, CHECK_NOW_QUEUE } from '../check-now/check-now-queue.ts';
import {
  COMPACT_HEALTH_HISTORY_EVERY_MS,
  COMPACT_HEALTH_HISTORY_JOB,
} from '../history/link-health-compaction.ts';
import { compactHealthDeltas } from '../history/link-health-history.repository.ts';
import {
  DEFAULT_CHECK_HISTORY_DAYS,
  PRUNE_HISTORY_EVERY_MS,
  PRUNE_HISTORY_JOB,
  pruneCheckHistory,
  type RetentionDays,
} from '../history/history-retention.ts';
import { DEFAULT_OUTBOX_RETENTION_DAYS } from '@celebstyle/service-kit';
import { compactPostMaskDeltas } from '../results/post-mask-count.ts';
import { startPostEventsConsumer } from '../projection/post-events.consumer.ts';
import { DEFAULT_CHECK_INTERVALS, type CheckIntervals } from '../scheduling/check-intervals.ts';
import { DEFAULT_DUE_SWEEP, enqueueDueLinks } from '../scheduling/due-links.ts';
import { createHostPoliteness, type PolitenessSettings } from '../scheduling/host-politeness.ts';
import {
  ENQUEUE_DUE_JOB,
  MAINTENANCE_QUEUE,
  SWEEP_HEALTH_OUTBOX_JOB,
  LINKS_PER_CHECK_JOB,
  createMaintenanceQueue,
  type LinkCheckJobData,
} from '../scheduling/link-check-queues.ts';
import { recordDueSweep } from '../scheduling/check-backlog.ts';
import { createQueuedLinks } from '../scheduling/queued-links.ts';
import { activeRulesCache } from './active-rules.ts';
import { createCheckWriter } from './check-writer.ts';
import { createHealthEventsQueue, sweepHealthOutbox } from './health-outbox.ts';
import { processLinkCheck } from './link-check.processor.ts';
import type { WorkerLog } from './worker-log.ts';
import {
  measuredChecker,
  measuredPoliteness,
  registerLinkBacklogGauges,
  type LinkCheckMetrics,
} from './link-check-metrics.ts';

export interface LinkValidationWorkerOptions {
  db: Kysely<Database>;
  /** The workers' connection (createWorkerConnection); each BullMQ worker blocks on a copy of it. */
  workerConnection: Redis;
  /** The queues', schedulers' and per-retailer counters' connection (createWorkerConnection). */
  queueConnection: Redis;
  prefix: string;
  checker: LinkChecker;
  log: WorkerLog;
  concurrency: number;
  politeness: PolitenessSettings;
  intervals?: CheckIntervals;
  /** A job claimed by a worker that died comes back after this long (BullMQ lock and stalled check). */
  lockMs?: number;
  /** How often the due-link sweep runs (a job scheduler). */
  sweepEveryMs: number;
  healthSweepEveryMs?: number;
  /** Queue only links this accepts (pinned-only mode); every due link when absent. */
  acceptLink?: (url: string) => boolean;
  /** Start the job schedulers (tests drive the sweeps themselves). */
  schedule?: boolean;
  /** Where checks, per-retailer waits, queue depth and the oldest due link are reported. */
  metrics?: LinkCheckMetrics;
  /** How long check rows and published health events are kept (history-retention.ts). */
  retention?: RetentionDays;
}

export interface LinkValidationWorker {
  /** Queues due links now (the scheduler also does it every sweepEveryMs). */
  enqueueDue(): Promise<number>;
  /** Publishes pending link-health-changed events now. */
  sweepHealth(): Promise<number>;
  /** Deletes check rows and published events past their retention now (also every 6 hours). */
  pruneHistory(): Promise<{ checks: number; outbox: number }>;
  /**
   * Stops taking jobs and starting checks at once; checks under way finish and are recorded, the
   * rest of their jobs is handed back. When `handBack` aborts (the shutdown grace is ending), the
   * checks still running are stopped and handed back too (link-check.processor.ts).
   */
  close(handBack?: AbortSignal): Promise<void>;
}

/**
 * The link-validation worker process: keeps the post projection from the catalog's events, queues
 * due links through a job scheduler, checks them politely per retailer, and publishes
 * link-health-changed events from the outbox.
 */
export async function startLinkValidationWorker(
  options: LinkValidationWorkerOptions,
): Promise<LinkValidationWorker> {
  const { db, prefix, log } = options;
  const { queueConnection, workerConnection } = options;
  const checkQueue = new Queue<LinkCheckJobData>(QueueName.linkChecks, {
    connection: queueConnection,
    prefix,
  });
  const maintenanceQueue = createMaintenanceQueue(queueConnection, prefix);
  const healthQueue = createHealthEventsQueue(queueConnection, prefix);
  const auditQueue = createAuditEventsQueue(queueConnection, prefix);
  const { metrics } = options;
  const politeness = createHostPoliteness(queueConnection, prefix, options.politeness);
  // The post-events queue is consumed here too; counted through a queue of its own.
  const postEventsQueue = metrics
    ? new Queue(QueueName.postEvents, { connection: queueConnection, prefix })
    : null;
  if (metrics) {
    const counted = [checkQueue, maintenanceQueue, healthQueue.catalog, healthQueue.alerts, postEventsQueue!];
    registerLinkBacklogGauges(metrics.registry, db, counted);
  }
  const queuedLinks = createQueuedLinks(queueConnection, prefix);
  const stopping = new AbortController();
  const deps = {
    stopping: stopping.signal,
    db,
    checker: metrics ? measuredChecker(options.checker, metrics) : options.checker,
    politeness: metrics ? measuredPoliteness(politeness, metrics) : politeness,
    rules: activeRulesCache(db),
    intervals: options.intervals ?? DEFAULT_CHECK_INTERVALS,
    writer: createCheckWriter(db),
    queuedLinks,
  };
  const enqueueDue = async () => {
    const queued = await enqueueDueLinks(db, checkQueue, queuedLinks, {
      ...DEFAULT_DUE_SWEEP,
      accept: options.acceptLink,
    });
    await recordDueSweep(queueConnection, prefix);
    return queued;
  };

  // The audit outbox rides the health outbox's sweep; its delivered rows go with the retention job.
  const sweepHealth = async () => {
    const published = await sweepHealthOutbox(db, healthQueue);
    const audited = await publishAuditEvents(linkValidationAuditOutbox.source(db), auditQueue);
    return published + audited;
  };
  const retention = options.retention ?? {
    checkHistoryDays: DEFAULT_CHECK_HISTORY_DAYS,
    outboxDays: DEFAULT_OUTBOX_RETENTION_DAYS,
  };
  const pruneHistory = async () => {
    const pruned = await pruneCheckHistory(db, retention);
    const audit = await linkValidationAuditOutbox.deletePublished(db, daysAgo(retention.outboxDays));
    return { ...pruned, outbox: pruned.outbox + audit };
  };

  // Scheduled checks and asked-for ones (check now) run the same processor from queues of their
  // own, so an asked-for check never waits behind the scheduled backlog. A scheduled job holds
  // several links: the worker takes twice the jobs its concurrency fills, so a job's last slow
  // check does not leave the others idle, and a limit holds the checks to `concurrency`.
  const lockMs = options.lockMs ?? 30_000;
  const checkWorker = (queue: string, concurrency: number, linksPerJob: number, label: string) => {
    const jobDeps = { ...deps, limit: pLimit(concurrency) };
    const worker = new Worker<LinkCheckJobData>(
      queue,
      // Three parameters: BullMQ passes its cancellation signal only to such a processor.
      (job, token, cancel) => processLinkCheck(job, token, jobDeps, cancel ? { cancel } : undefined),
      {
        connection: workerConnection,
        prefix,
        concurrency: linksPerJob > 1 ? 2 * Math.ceil(concurrency / linksPerJob) : concurrency,
        lockDuration: lockMs,
        stalledInterval: lockMs,
      },
    );
    worker.on('error', (err) => log.error({ err }, `${label} worker error`));
    worker.on('failed', (job, err) => {
      if (err.name !== 'DelayedError')
        log.warn({ err, jobId: job?.id }, `${label} failed; retried with backoff`);
    });
    return worker;
  };
  const checks = checkWorker(QueueName.linkChecks, options.concurrency, LINKS_PER_CHECK_JOB, 'link check');
  const checksNow = checkWorker(CHECK_NOW_QUEUE, CHECK_NOW_CONCURRENCY, 1, 'check-now job');

  const maintenance = new Worker(
    MAINTENANCE_QUEUE,
    // Sweeps and compaction are idempotent: one handed back at shutdown runs again.
    handingBack(async (job: Job) => {
      if (job.name === ENQUEUE_DUE_JOB) return { queued: await enqueueDue() };
      if (job.name === SWEEP_HEALTH_OUTBOX_JOB) return { published: await sweepHealth() };
      if (job.name === COMPACT_HEALTH_HISTORY_JOB) {
        // Both change logs (daily counts, per-post link masks) are folded on the same schedule.
        return { removed: await compactHealthDeltas(db), maskRowsRemoved: await compactPostMaskDeltas(db) };
      }
      if (job.name === PRUNE_HISTORY_JOB) return await pruneHistory();
      return null;
    }),
    { connection: workerConnection, prefix, concurrency: 1 },
  );
  maintenance.on('error', (err) => log.error({ err }, 'link-validation maintenance worker error'));

  const postEvents = startPostEventsConsumer({ db, connection: workerConnection, prefix, log });

  // Schedulers live in Redis: re-create them whenever the connection comes back (a Redis restarted
  // empty loses them) and every minute, so scheduled work resumes without a restart of ours.
  const upsertSchedulers = async () => {
    await maintenanceQueue.upsertJobScheduler(
      'link-due-sweep',
      { every: options.sweepEveryMs },
      { name: ENQUEUE_DUE_JOB, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    );
    await maintenanceQueue.upsertJobScheduler(
      'link-health-outbox-sweep',
      { every: options.healthSweepEveryMs ?? 5_000 },
      { name: SWEEP_HEALTH_OUTBOX_JOB, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    );
    await maintenanceQueue.upsertJobScheduler(
      'link-health-history-compaction',
      { every: COMPACT_HEALTH_HISTORY_EVERY_MS },
      { name: COMPACT_HEALTH_HISTORY_JOB, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    );
    await maintenanceQueue.upsertJobScheduler(
      'link-check-history-retention',
      { every: PRUNE_HISTORY_EVERY_MS },
      { name: PRUNE_HISTORY_JOB, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    );
  };
  let keepScheduled: NodeJS.Timeout | undefined;
  if (options.schedule !== false) {
    const safely = () =>
      upsertSchedulers().catch((err: unknown) =>
        log.warn({ err }, 'could not upsert link-validation schedulers'),
      );
    await safely();
    // safely() never rejects (a failure is logged and the next reconnect or tick tries again), so
    // the event and the timer need not wait for it.
    const upsertInBackground = () => void safely();
    queueConnection.on('ready', upsertInBackground);
    keepScheduled = setInterval(upsertInBackground, 60_000);
    keepScheduled.unref();
  }
  log.info(
    { concurrency: options.concurrency, politeness: options.politeness },
    'link-validation worker started',
  );

  return {
    enqueueDue,
    sweepHealth,
    pruneHistory,
    async close(handBack) {
      clearInterval(keepScheduled);
      stopping.abort();
      await closeWorkers([checks, checksNow, maintenance, postEvents], handBack);
      await Promise.all([
        checkQueue.close(),
        maintenanceQueue.close(),
        healthQueue.close(),
        auditQueue.close(),
        postEventsQueue?.close(),
      ]);
      await options.checker.close();
    },
  };
}
