import { QueueName, type LinkHealthChangedEvent } from '@celebstyle/queue';
import { Queue, type ConnectionOptions } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export function createHealthEventsQueue(
  connection: ConnectionOptions,
  prefix: string,
): Queue<LinkHealthChangedEvent> {
  return new Queue<LinkHealthChangedEvent>(QueueName.linkHealthEvents, { connection, prefix });
}

/**
 * Publishes unsent link-health-changed events in outbox order, each under a job id made from its
 * outbox row, and marks them sent in the same transaction that claimed them (rows locked, skipped
 * by a concurrent sweep). If publishing fails the transaction rolls back and the next sweep tries
 * again; a row published but not marked is published again under the same id.
 */
export async function sweepHealthOutbox(
  db: Kysely<Database>,
  queue: Queue<LinkHealthChangedEvent>,
  limit = 500,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('link_validation.health_outbox')
      .select(['id', 'payload'])
      .where('sent_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return 0;
    await queue.addBulk(
      rows.map((row) => ({
        name: 'link-health-changed',
        data: row.payload as LinkHealthChangedEvent,
        opts: {
          jobId: `health-${row.id}`,
          attempts: 10,
          backoff: { type: 'exponential', delay: 2_000 },
          removeOnComplete: { count: 1_000 },
          removeOnFail: { count: 5_000 },
        },
      })),
    );
    await trx
      .updateTable('link_validation.health_outbox')
      .set({ sent_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.length;
  });
}
