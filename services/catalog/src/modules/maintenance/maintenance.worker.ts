import { daysAgo } from '@celebstyle/db';
import {
  closeWorkers,
  createAuditEventsQueue,
  handingBack,
  keepJobScheduler,
  publishAuditEvents,
  QueueName,
} from '@celebstyle/queue';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { DEFAULT_OUTBOX_RETENTION_DAYS, type Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { catalogAuditOutbox } from '../audit/catalog-audit.ts';
import { createPostEventsQueue, publishOutboxEvents } from '../post-events/post-events.publisher.ts';
import { flushViewCounts, type FlushResult } from '../posts/view-counter.ts';
import { prunePublishedPostEvents } from '../post-events/post-events.retention.ts';

export const FLUSH_VIEW_COUNTS = 'flush-view-counts';
export const SWEEP_POST_EVENTS = 'sweep-post-events';
export const PRUNE_POST_EVENTS = 'prune-post-events';
const PRUNE_EVERY_MS = 6 * 60 * 60_000;

export interface MaintenanceWorkerOptions {
  db: Kysely<Database>;
  /** For the worker's blocking commands (createWorkerConnection). */
  connection: Redis;
  /** For the view-count hashes (any connection). */
  redis: Redis;
  keys: CatalogKeys;
  /** BullMQ prefix (QUEUE_PREFIX; a test file's own prefix in tests). */
  prefix: string;
  flushEveryMs: number;
  /** How often unpublished post-changed events are swept onto the post-events queue. */
  postEventsSweepMs: number;
  /** Days a published post-changed event stays in the outbox (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays?: number;
  /** How often the worker checks its schedules still exist in Redis (re-created if not). */
  schedulerCheckEveryMs?: number;
  log: Log;
}

export interface MaintenanceWorker {
  queue: Queue;
  worker: Worker;
  /** Stops taking jobs, waits for the one running; hands it back when `handBack` aborts. */
  close(handBack?: AbortSignal): Promise<void>;
}

/**
 * The catalog's periodic work on the catalog-maintenance queue (docs/conventions.md: job schedulers,
 * not timers). The scheduler is upserted by id, so every worker replica declares the same single
 * schedule, and re-created when Redis comes back without it (kept-job-scheduler.ts).
 */
export async function startMaintenanceWorker(options: MaintenanceWorkerOptions): Promise<MaintenanceWorker> {
  const queue = new Queue(QueueName.catalogMaintenance, {
    connection: options.connection,
    prefix: options.prefix,
  });
  const schedule = await keepJobScheduler(
    queue,
    [
      FLUSH_VIEW_COUNTS,
      { every: options.flushEveryMs },
      {
        name: FLUSH_VIEW_COUNTS,
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: 100,
          removeOnFail: 500,
        },
      },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 30_000,
      connection: options.connection,
      onRecreated: (why) =>
        options.log.info({ why }, 'view-count flush schedule was missing in Redis; re-created'),
      onError: (error) => options.log.error({ err: error }, 'could not check the view-count flush schedule'),
    },
  );
  // The outbox sweep: events whose publish after commit failed (Redis down, a crash) or that were
  // written outside a request (the demo seed) reach the post-events queue within one interval.
  const sweepSchedule = await keepJobScheduler(
    queue,
    [
      SWEEP_POST_EVENTS,
      { every: options.postEventsSweepMs },
      { name: SWEEP_POST_EVENTS, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 500 } },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 30_000,
      connection: options.connection,
      onRecreated: (why) =>
        options.log.info({ why }, 'post-events sweep schedule was missing in Redis; re-created'),
      onError: (error) => options.log.error({ err: error }, 'could not check the post-events sweep schedule'),
    },
  );
  // Published events leave the outbox once past their retention (they are on the queue's record).
  const pruneSchedule = await keepJobScheduler(
    queue,
    [
      PRUNE_POST_EVENTS,
      { every: PRUNE_EVERY_MS },
      { name: PRUNE_POST_EVENTS, opts: { attempts: 1, removeOnComplete: 10, removeOnFail: 50 } },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 30_000,
      connection: options.connection,
      onRecreated: (why) =>
        options.log.info({ why }, 'post-events retention schedule was missing in Redis; re-created'),
      onError: (error) =>
        options.log.error({ err: error }, 'could not check the post-events retention schedule'),
    },
  );
  const postEvents = createPostEventsQueue(options.connection, options.prefix);
  const retentionDays = options.outboxRetentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS;
  const auditEvents = createAuditEventsQueue(options.connection, options.prefix);
  // The audit outbox rides the same sweep; its delivered rows go with the retention job.
  const sweepOutboxes = async () => {
    const published = await publishOutboxEvents(options.db, postEvents);
    const audited = await publishAuditEvents(catalogAuditOutbox.source(options.db), auditEvents);
    return { published: published + audited };
  };
  const worker = new Worker(
    QueueName.catalogMaintenance,
    // Every job here is idempotent: one handed back at shutdown runs again elsewhere.
    handingBack(
      async (job: Job): Promise<FlushResult | { published: number } | { pruned: number } | undefined> => {
        if (job.name === FLUSH_VIEW_COUNTS) return flushViewCounts(options.db, options.redis, options.keys);
        if (job.name === SWEEP_POST_EVENTS) return sweepOutboxes();
        if (job.name === PRUNE_POST_EVENTS)
          return {
            pruned:
              (await prunePublishedPostEvents(options.db, retentionDays)) +
              (await catalogAuditOutbox.deletePublished(options.db, daysAgo(retentionDays))),
          };
        return undefined;
      },
    ),
    // One at a time: flushes are idempotent anyway, but there is nothing to gain from overlap.
    { connection: options.connection, prefix: options.prefix, concurrency: 1 },
  );
  worker.on(
    'completed',
    (job, result: FlushResult | { published: number } | { pruned: number } | undefined) => {
      if (result && 'views' in result && result.views > 0) {
        options.log.info({ job: job.name, ...result }, 'view counts flushed');
      }
      if (result && 'published' in result && result.published > 0) {
        options.log.info(
          { job: job.name, ...result },
          'post events and audit entries published from the outboxes',
        );
      }
    },
  );
  worker.on('failed', (job, error) =>
    options.log.error({ job: job?.name, err: error }, 'maintenance job failed'),
  );
  worker.on('error', (error) => options.log.error({ err: error }, 'maintenance worker error'));
  return {
    queue,
    worker,
    async close(handBack) {
      schedule.stop();
      sweepSchedule.stop();
      pruneSchedule.stop();
      await closeWorkers([worker], handBack);
      await queue.close();
      await postEvents.close();
      await auditEvents.close();
    },
  };
}
