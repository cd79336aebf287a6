import { handingBack, QueueName, type PostChangedEvent } from '@celebstyle/queue';
import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WorkerLog } from '../check-jobs/worker-log.ts';
import { applyPostChanged } from './post-projection.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PostEventsConsumerOptions {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  prefix: string;
  log: WorkerLog;
  concurrency?: number;
}

/**
 * Keeps the projection from the catalog's post-changed events (at least once, in any order: the
 * version decides). A malformed event is refused for good rather than retried.
 */
export function startPostEventsConsumer(options: PostEventsConsumerOptions): Worker<PostChangedEvent> {
  const worker = new Worker<PostChangedEvent>(
    QueueName.postEvents,
    // Applying an event is idempotent (its version decides): one handed back at shutdown runs again.
    handingBack(async (job) => {
      const event = job.data;
      if (!isPostChangedEvent(event)) throw new UnrecoverableError('malformed post-changed event');
      return { outcome: await applyPostChanged(options.db, event) };
    }),
    { connection: options.connection, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('error', (err) => options.log.error({ err }, 'post events consumer error'));
  worker.on('failed', (job, err) => options.log.warn({ err, jobId: job?.id }, 'post event not applied'));
  return worker;
}

function isPostChangedEvent(value: unknown): value is PostChangedEvent {
  const event = value as PostChangedEvent;
  if (typeof event !== 'object' || event === null) return false;
  if (typeof event.postId !== 'string' || !UUID.test(event.postId)) return false;
  if (typeof event.version !== 'number' || !Number.isFinite(event.version)) return false;
  if (event.kind === 'deleted') return true;
  const post = event.post;
  return (
    typeof post === 'object' &&
    post !== null &&
    Array.isArray(post.links) &&
    post.links.every(
      (link) => typeof link._id === 'string' && UUID.test(link._id) && typeof link.url === 'string',
    )
  );
}
