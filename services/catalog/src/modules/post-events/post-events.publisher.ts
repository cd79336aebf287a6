import { QueueName, withTraceContext, type PostChangedEvent } from '@celebstyle/queue';
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listUnpublishedEvents, markEventsPublished } from './post-events.outbox.ts';

export type PostEventsQueue = Queue<PostChangedEvent>;
export const POST_CHANGED_JOB = 'post-changed';
const BATCH = 500;

export function createPostEventsQueue(connection: ConnectionOptions, prefix: string): PostEventsQueue {
  return new Queue<PostChangedEvent>(QueueName.postEvents, { connection, prefix });
}

/** The outbox row id is the job id: publishing a row twice yields one job (idempotent producer). */
function jobOptions(outboxId: string): JobsOptions {
  return {
    jobId: outboxId,
    attempts: 8,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { count: 10_000, age: 24 * 3600 },
    removeOnFail: { count: 10_000, age: 7 * 24 * 3600 },
  };
}

/**
 * Puts unpublished outbox events on the post-events queue, then marks them published. A crash
 * between the two re-adds the same job ids on the next sweep, which BullMQ ignores while the job is
 * kept; consumers compare versions anyway (at-least-once). It drains the outbox, oldest first,
 * until it is empty or `maxRows` went out; `ids` limits it to given rows (the request path right
 * after its commit), the sweep takes every row.
 */
export async function publishOutboxEvents(
  db: Kysely<Database>,
  queue: PostEventsQueue,
  options: { ids?: readonly string[]; maxRows?: number } = {},
): Promise<number> {
  const maxRows = options.maxRows ?? 50_000;
  let published = 0;
  while (published < maxRows) {
    const batch = await listUnpublishedEvents(db, Math.min(BATCH, maxRows - published), options.ids);
    if (batch.length === 0) break;
    // On the request path the jobs carry the request's trace, so the consumers' spans join it.
    await queue.addBulk(
      batch.map(({ id, event }) => ({
        name: POST_CHANGED_JOB,
        data: withTraceContext(event),
        opts: jobOptions(id),
      })),
    );
    await markEventsPublished(
      db,
      batch.map((row) => row.id),
    );
    published += batch.length;
  }
  return published;
}
