import { keepJobScheduler, QueueName } from '@celebstyle/queue';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { CatalogDatabase } from '../../db/schema.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { flushViewCounts, type FlushResult } from '../posts/view-counter.ts';

export const FLUSH_VIEW_COUNTS = 'flush-view-counts';

export interface MaintenanceWorkerOptions {
  db: Kysely<CatalogDatabase>;
  /** For the worker's blocking commands (createWorkerConnection). */
  connection: Redis;
  /** For the view-count hashes (any connection). */
  redis: Redis;
  keys: CatalogKeys;
  /** BullMQ prefix (QUEUE_PREFIX; a test file's own prefix in tests). */
  prefix: string;
  flushEveryMs: number;
  /** How often the worker checks its schedule still exists in Redis (re-created if not). */
  schedulerCheckEveryMs?: number;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export interface MaintenanceWorker {
  queue: Queue;
  worker: Worker;
  close(): Promise<void>;
}

/**
 * The catalog's periodic work on the catalog-maintenance queue (STYLE.md: job schedulers, not timers).
 * The scheduler is upserted by id, so every worker replica declares the same single schedule, and
 * re-created when Redis comes back without it (kept-job-scheduler.ts).
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
  const worker = new Worker(
    QueueName.catalogMaintenance,
    async (job: Job): Promise<FlushResult | undefined> => {
      if (job.name === FLUSH_VIEW_COUNTS) return flushViewCounts(options.db, options.redis, options.keys);
      return undefined;
    },
    // One at a time: flushes are idempotent anyway, but there is nothing to gain from overlap.
    { connection: options.connection, prefix: options.prefix, concurrency: 1 },
  );
  worker.on('completed', (job, result: FlushResult | undefined) => {
    if (result && result.views > 0) options.log.info({ job: job.name, ...result }, 'view counts flushed');
  });
  worker.on('failed', (job, error) =>
    options.log.error({ job: job?.name, err: error }, 'maintenance job failed'),
  );
  worker.on('error', (error) => options.log.error({ err: error }, 'maintenance worker error'));
  return {
    queue,
    worker,
    async close() {
      schedule.stop();
      await worker.close();
      await queue.close();
    },
  };
}
