import {
  closeWorkers,
  handingBack,
  QueueContracts,
  readPayload,
  type LinkHealthOfferEvent,
} from '@celebstyle/queue';
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import { recordPostChange } from '../../lib/catalog-version.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { applyLinkHealth } from './link-health.repository.ts';

export interface LinkHealthConsumerOptions {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  /** Where the change stamps live: a stored change retires the cached answers showing its post. */
  redis: Redis;
  keys: CatalogKeys;
  prefix: string;
  log: Log;
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
    QueueContracts.linkHealthEvents.name,
    // Applying an event is idempotent (its checkedAt decides): one handed back runs again.
    handingBack(async (job) => {
      const event = readPayload(QueueContracts.linkHealthEvents, job.data);
      const { changed, offerChanged } = await applyLinkHealth(options.db, event);
      // A retry of an event whose stamp failed finds the link already stored, unchanged: it stamps
      // anyway (one Redis call), so no page stays stale.
      const retry = job.attemptsMade > 0;
      // A post's card price or sold-out state decides which price-filtered and price-sorted
      // listings hold it: those (and only those) are keyed by the prices version.
      if (offerChanged || retry) await options.redis.incr(options.keys.pricesVersion);
      if (changed || retry) await recordPostChange(options.redis, options.keys.prefix, [event.postId]);
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
