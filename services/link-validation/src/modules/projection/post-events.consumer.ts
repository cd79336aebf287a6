import { handingBack, QueueContracts, readPayload, type PostChangedEvent } from '@celebstyle/queue';
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import { applyPostChanged } from './post-projection.repository.ts';

export interface PostEventsConsumerOptions {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  prefix: string;
  log: Log;
  concurrency?: number;
}

/**
 * Keeps the projection from the catalog's post-changed events (at least once, in any order: the
 * version decides). A malformed event is refused for good rather than retried.
 */
export function startPostEventsConsumer(options: PostEventsConsumerOptions): Worker<PostChangedEvent> {
  const worker = new Worker<PostChangedEvent>(
    QueueContracts.postEvents.name,
    // Applying an event is idempotent (its version decides): one handed back at shutdown runs again.
    handingBack(async (job) => {
      const event = readPayload(QueueContracts.postEvents, job.data);
      return { outcome: await applyPostChanged(options.db, event) };
    }),
    { connection: options.connection, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('error', (err) => options.log.error({ err }, 'post events consumer error'));
  worker.on('failed', (job, err) => options.log.warn({ err, jobId: job?.id }, 'post event not applied'));
  return worker;
}
