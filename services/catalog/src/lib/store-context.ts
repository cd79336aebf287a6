import type { AuditEventsQueue, PostChangedEvent } from '@celebstyle/queue';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { CatalogKeys } from './redis-keys.ts';
import type { ShowEnrichmentQueue } from './show-enrichment-queue.ts';

/**
 * The stores and queues domain code works on: the database, Redis (a fail-fast producer connection),
 * the key names and the queues. Workers and commands build one without the HTTP parts.
 */
export interface StoreContext {
  db: Kysely<Database>;
  redis: Redis;
  keys: CatalogKeys;
  /** The post-events queue on the same fail-fast connection (post writes publish after commit). */
  postEvents: Queue<PostChangedEvent>;
  /** Show lookups on TVmaze, done by the catalog worker. */
  showEnrichment: ShowEnrichmentQueue;
  /** Audit entries of admin writes, published after commit like post events. */
  auditEvents: AuditEventsQueue;
}
