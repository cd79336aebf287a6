import {
  contractJob,
  createContractQueue,
  QueueContracts,
  relayOutbox,
  type LinkHealthChangedEvent,
  type LinkHealthOfferEvent,
} from '@celebstyle/queue';
import type { ConnectionOptions, Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The consumers' queues of link-health events: each consumer takes its own copy. */
export interface HealthEventQueues {
  /** The catalog's: status, stock and price changes (it shows prices and sold-out states). */
  catalog: Queue<LinkHealthOfferEvent>;
  /** newsletter-support's shopper alerts: status, stock and price changes. */
  alerts: Queue<LinkHealthChangedEvent>;
  close(): Promise<void>;
}

export function createHealthEventsQueue(connection: ConnectionOptions, prefix: string): HealthEventQueues {
  const catalog = createContractQueue(QueueContracts.linkHealthEvents, connection, prefix);
  const alerts = createContractQueue(QueueContracts.alertLinkHealthEvents, connection, prefix);
  return {
    catalog,
    alerts,
    async close() {
      await Promise.all([catalog.close(), alerts.close()]);
    },
  };
}

/** link-validation's outbox of link-health events, as the shared relay reads it. */
const HEALTH_OUTBOX = { table: 'link_validation.health_outbox', publishedColumn: 'sent_at', orderBy: ['id'] };

/**
 * Relays unsent link-health-changed events in outbox order (outbox-relay.ts) to each consumer's
 * queue, each under a job id made from its outbox row.
 */
export function sweepHealthOutbox(
  db: Kysely<Database>,
  queues: Pick<HealthEventQueues, 'catalog' | 'alerts'>,
): Promise<number> {
  return relayOutbox(db, HEALTH_OUTBOX, async (rows) => {
    const events = rows.map(({ id, payload }) => ({ id, event: payload as LinkHealthChangedEvent }));
    // Both or neither: a failure rolls back and the next sweep adds both again under the same ids.
    await queues.catalog.addBulk(
      events.map(({ id, event }) => contractJob(QueueContracts.linkHealthEvents, event, `health-${id}`)),
    );
    await queues.alerts.addBulk(
      events.map(({ id, event }) => contractJob(QueueContracts.alertLinkHealthEvents, event, `health-${id}`)),
    );
  });
}
