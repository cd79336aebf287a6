import type { ConnectionOptions, Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { relayOutbox, type OutboxTable } from './outbox-relay.ts';
import { QueueContracts } from './queue-contracts.ts';
import { contractJob, createContractQueue, type PayloadOf } from './queue-contract.ts';

/** An audit entry on the audit-events queue (its shape: contracts' AuditEntry). */
export type AuditEventPayload = PayloadOf<typeof QueueContracts.auditEvents>;
export type AuditEventsQueue = Queue<AuditEventPayload>;
export const AUDIT_EVENT_JOB = QueueContracts.auditEvents.jobName;

export function createAuditEventsQueue(connection: ConnectionOptions, prefix: string): AuditEventsQueue {
  return createContractQueue(QueueContracts.auditEvents, connection, prefix);
}

/** A service's audit outbox as the relay reads it (@celebstyle/db's auditOutbox(...).source(db)). */
export interface AuditOutboxSource {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Database
  db: Kysely<any>;
  outbox: OutboxTable;
}

/**
 * Relays unpublished audit entries onto the audit-events queue (outbox-relay.ts); the consumer
 * inserts by entry id, so one published twice is kept once. The entry id is the job id. `ids` limits it to given rows (the
 * request path right after its commit); the sweep takes every row.
 */
export function publishAuditEvents(
  source: AuditOutboxSource,
  queue: AuditEventsQueue,
  options: { ids?: readonly string[]; maxRows?: number } = {},
): Promise<number> {
  return relayOutbox(
    source.db,
    source.outbox,
    async (rows) => {
      await queue.addBulk(
        rows.map(({ id, payload }) =>
          contractJob(QueueContracts.auditEvents, payload as AuditEventPayload, id),
        ),
      );
    },
    options,
  );
}
