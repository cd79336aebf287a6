import {
  contractJob,
  createContractQueue,
  QueueContracts,
  relayOutbox,
  withTraceContext,
  type PostChangedEvent,
} from '@celebstyle/queue';
import type { ConnectionOptions, Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export type PostEventsQueue = Queue<PostChangedEvent>;

export function createPostEventsQueue(connection: ConnectionOptions, prefix: string): PostEventsQueue {
  return createContractQueue(QueueContracts.postEvents, connection, prefix);
}

/** The catalog's outbox of post-changed events, as the shared relay reads it. */
const POST_EVENTS_OUTBOX = { table: 'post_events_outbox' };

/**
 * Relays unpublished outbox events onto the post-events queue, oldest first (outbox-relay.ts), each
 * under its outbox row id as job id; consumers compare versions anyway (at-least-once). `ids`
 * limits it to given rows (the request path right after its commit), the sweep takes every row.
 */
export function publishOutboxEvents(
  db: Kysely<Database>,
  queue: PostEventsQueue,
  options: { ids?: readonly string[]; maxRows?: number } = {},
): Promise<number> {
  return relayOutbox(
    db,
    POST_EVENTS_OUTBOX,
    async (rows) => {
      // On the request path the jobs carry the request's trace, so the consumers' spans join it.
      await queue.addBulk(
        rows.map(({ id, payload }) =>
          contractJob(QueueContracts.postEvents, withTraceContext(payload as PostChangedEvent), id),
        ),
      );
    },
    options,
  );
}
