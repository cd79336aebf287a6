import { LinkStatusValues } from '@celebstyle/contracts';
import {
  closeWorkers,
  handingBack,
  QueueName,
  type LinkHealthOfferEvent,
  type LinkHealthStatus,
} from '@celebstyle/queue';
import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordPostChange } from '../../lib/catalog-version.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { applyLinkHealth } from './link-health.repository.ts';

/** numeric(12, 2): what the column holds. */
const isStoredPrice = (price: number) => Number.isFinite(price) && price >= 0 && price < 1e10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: ReadonlySet<LinkHealthStatus> = new Set(LinkStatusValues);

export interface LinkHealthConsumerOptions {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  /** Where the change stamps live: a stored change retires the cached answers showing its post. */
  redis: Redis;
  keys: CatalogKeys;
  prefix: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface LinkHealthConsumer {
  worker: Worker<LinkHealthOfferEvent>;
  /** Stops taking events, waits for those being applied; hands them back when `handBack` aborts. */
  close(handBack?: AbortSignal): Promise<void>;
}

/**
 * Stores link health from link-validation's link-health-changed events (docs/design.md: How
 * services talk). A stored change is stamped on its post before the event counts as done
 * (lib/catalog-version.ts): the cached answers and rendered pages that show that post are retired,
 * the rest of the storefront's caches keep working during a sweep of thousands of checks. A failed
 * stamp fails the event, and link-validation's events are retried (attempts with backoff).
 */
export function startLinkHealthConsumer(options: LinkHealthConsumerOptions): LinkHealthConsumer {
  const worker = new Worker<LinkHealthOfferEvent>(
    QueueName.linkHealthEvents,
    // Applying an event is idempotent (its checkedAt decides): one handed back runs again.
    handingBack(async (job) => {
      if (!isLinkHealthEvent(job.data)) throw new UnrecoverableError('malformed link-health-changed event');
      const { changed, offerChanged } = await applyLinkHealth(options.db, job.data);
      // A retry of an event whose stamp failed finds the link already stored, unchanged: it stamps
      // anyway (one Redis call), so no page stays stale.
      const retry = job.attemptsMade > 0;
      // A post's card price or sold-out state decides which price-filtered and price-sorted
      // listings hold it: those (and only those) are keyed by the prices version.
      if (offerChanged || retry) await options.redis.incr(options.keys.pricesVersion);
      if (changed || retry) await recordPostChange(options.redis, options.keys.prefix, [job.data.postId]);
      return { changed, offerChanged };
    }),
    { connection: options.connection, prefix: options.prefix, concurrency: 4 },
  );
  worker.on('error', (err) => options.log.error({ err }, 'link health consumer error'));
  worker.on('failed', (job, err) =>
    options.log.warn({ err, jobId: job?.id }, 'link health event not applied'),
  );
  return {
    worker,
    close: (handBack) => closeWorkers([worker], handBack),
  };
}

const optional = (value: unknown, type: 'string' | 'number') =>
  value === undefined || value === null || typeof value === type;

function isLinkHealthEvent(value: unknown): value is LinkHealthOfferEvent {
  const event = value as LinkHealthOfferEvent;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.postId === 'string' &&
    UUID.test(event.postId) &&
    typeof event.linkId === 'string' &&
    UUID.test(event.linkId) &&
    STATUSES.has(event.status) &&
    typeof event.checkedAt === 'string' &&
    !Number.isNaN(Date.parse(event.checkedAt)) &&
    optional(event.stockStatus, 'string') &&
    optional(event.price, 'number') &&
    (typeof event.price !== 'number' || isStoredPrice(event.price)) &&
    optional(event.currency, 'string') &&
    (typeof event.currency !== 'string' || /^[A-Z]{3}$/.test(event.currency)) &&
    optional(event.retailer, 'string')
  );
}
