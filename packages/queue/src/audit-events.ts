import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { QueueName } from './queue-names.ts';

/** An audit entry on the audit-events queue (its shape: contracts' AuditEntry). */
export type AuditEventPayload = Record<string, unknown> & { _id: string; occurredAt: string };
export type AuditEventsQueue = Queue<AuditEventPayload>;
export const AUDIT_EVENT_JOB = 'audit-event';
const BATCH = 500;

export function createAuditEventsQueue(connection: ConnectionOptions, prefix: string): AuditEventsQueue {
  return new Queue<AuditEventPayload>(QueueName.auditEvents, { connection, prefix });
}

/** The entry id is the job id: publishing an entry twice yields one job (idempotent producer). */
export function auditJobOptions(entryId: string): JobsOptions {
  return {
    jobId: entryId,
    attempts: 10,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { count: 10_000, age: 24 * 3600 },
    removeOnFail: { count: 10_000, age: 7 * 24 * 3600 },
  };
}

/** Where the publisher reads a service's audit outbox (@celebstyle/db's audit-outbox functions). */
export interface AuditOutboxSource {
  listUnpublished(
    limit: number,
    ids?: readonly string[],
  ): Promise<{ id: string; payload: AuditEventPayload }[]>;
  markPublished(ids: readonly string[]): Promise<void>;
}

/**
 * Puts unpublished audit entries on the queue, then marks them published. A crash between the two
 * re-adds the same job ids on the next sweep, which BullMQ ignores while the job is kept, and the
 * consumer inserts by entry id anyway. `ids` limits it to given rows (the request path right after
 * its commit); the sweep takes every row.
 */
export async function publishAuditEvents(
  source: AuditOutboxSource,
  queue: AuditEventsQueue,
  options: { ids?: readonly string[]; maxRows?: number } = {},
): Promise<number> {
  const maxRows = options.maxRows ?? 50_000;
  let published = 0;
  while (published < maxRows) {
    const batch = await source.listUnpublished(Math.min(BATCH, maxRows - published), options.ids);
    if (batch.length === 0) break;
    await queue.addBulk(
      batch.map(({ id, payload }) => ({ name: AUDIT_EVENT_JOB, data: payload, opts: auditJobOptions(id) })),
    );
    await source.markPublished(batch.map((row) => row.id));
    published += batch.length;
  }
  return published;
}
