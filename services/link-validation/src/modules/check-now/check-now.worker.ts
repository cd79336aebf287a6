import { Worker, type ConnectionOptions } from 'bullmq';
import { processLinkCheck, type LinkCheckDeps } from '../checks/link-check.processor.ts';
import type { WorkerLog } from '../checks/worker-log.ts';
import type { CheckLinkJob } from '../scheduling/link-check-queues.ts';
import { CHECK_NOW_CONCURRENCY, CHECK_NOW_QUEUE } from './check-now-queue.ts';

/**
 * Drains the check-now queue with slots of its own, through the scheduled checks' processor: the
 * same retailer limits (shared in Redis), the same recording rules. A job whose link was checked
 * meanwhile (by its scheduled job) does nothing.
 */
export function startCheckNowWorker(options: {
  connection: ConnectionOptions;
  prefix: string;
  deps: LinkCheckDeps;
  log: WorkerLog;
  lockMs: number;
}): Worker<CheckLinkJob> {
  const worker = new Worker<CheckLinkJob>(
    CHECK_NOW_QUEUE,
    (job, token) => processLinkCheck(job, token, options.deps),
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: CHECK_NOW_CONCURRENCY,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
    },
  );
  worker.on('error', (err) => options.log.error({ err }, 'check-now worker error'));
  worker.on('failed', (job, err) => {
    if (err.name !== 'DelayedError')
      options.log.warn({ err, jobId: job?.id }, 'check-now job failed; retried with backoff');
  });
  return worker;
}
