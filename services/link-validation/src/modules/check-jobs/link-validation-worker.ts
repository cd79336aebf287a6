import { daysAgo } from '@celebstyle/db';
import {
  closeWorkers,
  createAuditEventsQueue,
  handingBack,
  keepJobScheduler,
  publishAuditEvents,
  QueueName,
  type KeptScheduler,
} from '@celebstyle/queue';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { Database } from '../../db/database.ts';
import type { LinkChecker } from '../link-check-engine/link-checker.ts';
import { linkValidationAuditOutbox } from '../audit/link-validation-audit.ts';
import { CHECK_NOW_CONCURRENCY, CHECK_NOW_QUEUE } from '../on-demand-checks/check-now-queue.ts';
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
import { DEFAULT_OUTBOX_RETENTION_DAYS, type Log } from '@celebstyle/service-kit';
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
import { createSlotWaits } from '../scheduling/slot-waits.ts';
import { activeRulesCache } from './active-rules.ts';
import { createCheckWriter } from './check-writer.ts';
import { createHealthEventsQueue, sweepHealthOutbox } from './health-outbox.ts';
import { processLinkCheck } from './link-check.processor.ts';
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
  /** The queues' and schedulers' connection (createWorkerConnection). */
  queueConnection: Redis;
  /**
   * The per-retailer slots' and queued-link marks' connection, auto-pipelined
   * (createWorkerConnection with enableAutoPipelining): every check takes and frees its retailer's
   * slot, and commands sent in one tick go out as one write.
   */
  slotConnection: Redis;
  prefix: string;
  checker: LinkChecker;
  log: Log;
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
  /** How often each job scheduler is checked for in Redis and re-created if missing (default 1 min). */
  schedulerCheckEveryMs?: number;
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
  const { queueConnection, workerConnection, slotConnection } = options;
  const checkQueue = new Queue<LinkCheckJobData>(QueueName.linkChecks, {
    connection: queueConnection,
    prefix,
  });
  const maintenanceQueue = createMaintenanceQueue(queueConnection, prefix);
  const healthQueue = createHealthEventsQueue(queueConnection, prefix);
  const auditQueue = createAuditEventsQueue(queueConnection, prefix);
  const { metrics } = options;
  const politeness = createHostPoliteness(slotConnection, prefix, options.politeness);
  // The post-events queue is consumed here too; counted through a queue of its own.
  const postEventsQueue = metrics
    ? new Queue(QueueName.postEvents, { connection: queueConnection, prefix })
    : null;
  if (metrics) {
    const counted = [checkQueue, maintenanceQueue, healthQueue.catalog, healthQueue.alerts, postEventsQueue!];
    registerLinkBacklogGauges(metrics.registry, db, counted);
  }
  const queuedLinks = createQueuedLinks(slotConnection, prefix);
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
    slotWaits: createSlotWaits(),
  };
  const enqueueDue = async () => {
    const queued = await enqueueDueLinks(db, checkQueue, queuedLinks, {
      ...DEFAULT_DUE_SWEEP,
      accept: options.acceptLink,
    });
    await recordDueSweep(slotConnection, prefix);
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
  // several links: the worker takes four times the jobs its concurrency fills, and a limit holds
  // the checks to `concurrency`. A job holds its links until the last is written, and some wait
  // for their retailer's slot meanwhile (outside the limit): the jobs beyond the first fill keep
  // checks ready to take every place a check frees.
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
        concurrency: linksPerJob > 1 ? 4 * Math.ceil(concurrency / linksPerJob) : concurrency,
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

  // Schedulers live in Redis: kept (keepJobScheduler) so that a Redis restarted empty gets them
  // back on reconnect or within a minute, and scheduled work resumes without a restart of ours.
  const schedules: KeptScheduler[] = [];
  if (options.schedule !== false) {
    const maintenanceSchedules = [
      ['link-due-sweep', options.sweepEveryMs, ENQUEUE_DUE_JOB],
      ['link-health-outbox-sweep', options.healthSweepEveryMs ?? 5_000, SWEEP_HEALTH_OUTBOX_JOB],
      ['link-health-history-compaction', COMPACT_HEALTH_HISTORY_EVERY_MS, COMPACT_HEALTH_HISTORY_JOB],
      ['link-check-history-retention', PRUNE_HISTORY_EVERY_MS, PRUNE_HISTORY_JOB],
    ] as const;
    for (const [id, every, name] of maintenanceSchedules) {
      schedules.push(
        await keepJobScheduler(
          maintenanceQueue,
          [id, { every }, { name, opts: { removeOnComplete: 10, removeOnFail: 50 } }],
          {
            checkEveryMs: options.schedulerCheckEveryMs ?? 60_000,
            connection: queueConnection,
            onRecreated: (why) =>
              log.warn({ why, scheduler: id }, 'link-validation schedule was missing; re-created'),
            onError: (err) => log.warn({ err, scheduler: id }, 'could not check a link-validation schedule'),
          },
        ),
      );
    }
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
      for (const schedule of schedules) schedule.stop();
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
