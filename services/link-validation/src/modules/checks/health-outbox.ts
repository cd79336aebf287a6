import { QueueName, type LinkHealthChangedEvent } from '@celebstyle/queue';
import { Queue, type ConnectionOptions } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The consumers' queues of link-health events: each consumer takes its own copy. */
export interface HealthEventQueues {
  /** The catalog's: status, stock and price changes (it shows prices and sold-out states). */
  catalog: Queue<LinkHealthChangedEvent>;
  /** newsletter-support's shopper alerts: status, stock and price changes. */
  alerts: Queue<LinkHealthChangedEvent>;
  close(): Promise<void>;
}

export function createHealthEventsQueue(connection: ConnectionOptions, prefix: string): HealthEventQueues {
  const catalog = new Queue<LinkHealthChangedEvent>(QueueName.linkHealthEvents, { connection, prefix });
  const alerts = new Queue<LinkHealthChangedEvent>(QueueName.alertLinkHealthEvents, { connection, prefix });
  return {
    catalog,
    alerts,
    async close() {
      await Promise.all([catalog.close(), alerts.close()]);
    },
  };
}

/**
 * Publishes unsent link-health-changed events in outbox order to each consumer's queue, each
 * under a job id made from its outbox row, and marks them sent in the same transaction that claimed them (rows locked, skipped
 * by a concurrent sweep). If publishing fails the transaction rolls back and the next sweep tries
 * again; a row published but not marked is published again under the same id.
 */
export async function sweepHealthOutbox(
  db: Kysely<Database>,
  queues: Pick<HealthEventQueues, 'catalog' | 'alerts'>,
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
    const jobs = rows.map((row) => ({
      name: 'link-health-changed',
      data: row.payload as LinkHealthChangedEvent,
      opts: {
        jobId: `health-${row.id}`,
        attempts: 10,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { count: 1_000 },
        removeOnFail: { count: 5_000 },
      },
    }));
    // Both or neither: a failure rolls back and the next sweep adds both again under the same ids.
    await queues.catalog.addBulk(jobs);
    await queues.alerts.addBulk(jobs);
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
