import { QueueName } from '@celebstyle/queue';
import { Queue, type ConnectionOptions } from 'bullmq';

export interface ShowEnrichmentJob {
  showId: string;
}
export type ShowEnrichmentQueue = Queue<ShowEnrichmentJob>;
export const ENRICH_SHOW_JOB = 'enrich-show';

export function createShowEnrichmentQueue(
  connection: ConnectionOptions,
  prefix: string,
): ShowEnrichmentQueue {
  return new Queue<ShowEnrichmentJob>(QueueName.showEnrichment, { connection, prefix });
}

/**
 * One job per show (job id `show-{id}`): asking again while one waits adds nothing; a finished job
 * is removed at once so the next change can ask again; a failed one is retried.
 */
export async function enqueueShowEnrichment(
  queue: ShowEnrichmentQueue,
  showIds: readonly string[],
): Promise<void> {
  for (const showId of showIds) {
    const jobId = `show-${showId}`;
    const existing = await queue.getJob(jobId);
    if (existing && (await existing.isFailed())) {
      await existing.retry('failed');
      continue;
    }
    await queue.add(
      ENRICH_SHOW_JOB,
      { showId },
      {
        jobId,
        attempts: 6,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: true,
        removeOnFail: { count: 1000, age: 7 * 24 * 3600 },
      },
    );
  }
}
