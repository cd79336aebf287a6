import { LinkStatusValues } from '@celebstyle/contracts';
import {
  closeWorkers,
  handingBack,
  QueueName,
  type LinkHealthStatusEvent,
  type LinkHealthStatus,
} from '@celebstyle/queue';
import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { applyLinkHealth } from './link-health.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: ReadonlySet<LinkHealthStatus> = new Set(LinkStatusValues);

export interface LinkHealthConsumerOptions {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  /** Where the data version lives: a stored change retires every cached public answer. */
  redis: Redis;
  keys: CatalogKeys;
  prefix: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Stored changes within this window retire the cached answers once, at its end. */
  retireEveryMs?: number;
}

export interface LinkHealthConsumer {
  worker: Worker<LinkHealthStatusEvent>;
  /** Stops taking events, waits for those being applied; hands them back when `handBack` aborts. */
  close(handBack?: AbortSignal): Promise<void>;
}

/**
 * Stores link health from link-validation's link-health-changed events (docs/design.md: How
 * services talk). Every stored change must retire the cached public answers, but a sweep of thousands of
 * checks arrives as thousands of events: the data version is bumped at most once per window, so
 * the storefront's caches keep working during a sweep and show a change within about a second.
 */
export function startLinkHealthConsumer(options: LinkHealthConsumerOptions): LinkHealthConsumer {
  let retireTimer: NodeJS.Timeout | undefined;
  const retire = async () => {
    retireTimer = undefined;
    await options.redis.incr(options.keys.dataVersion).catch((err: unknown) => {
      options.log.warn({ err }, 'catalog data version bump failed; cached answers expire on their own');
    });
  };
  const retireSoon = () => {
    retireTimer ??= setTimeout(() => void retire(), options.retireEveryMs ?? 1_000);
  };
  const worker = new Worker<LinkHealthStatusEvent>(
    QueueName.linkHealthEvents,
    // Applying an event is idempotent (its checkedAt decides): one handed back runs again.
    handingBack(async (job) => {
      if (!isLinkHealthEvent(job.data)) throw new UnrecoverableError('malformed link-health-changed event');
      const changed = await applyLinkHealth(options.db, job.data);
      if (changed) retireSoon();
      return { changed };
    }),
    { connection: options.connection, prefix: options.prefix, concurrency: 4 },
  );
  worker.on('error', (err) => options.log.error({ err }, 'link health consumer error'));
  worker.on('failed', (job, err) =>
    options.log.warn({ err, jobId: job?.id }, 'link health event not applied'),
  );
  return {
    worker,
    async close(handBack) {
      await closeWorkers([worker], handBack);
      if (retireTimer) {
        clearTimeout(retireTimer);
        await retire();
      }
    },
  };
}

function isLinkHealthEvent(value: unknown): value is LinkHealthStatusEvent {
  const event = value as LinkHealthStatusEvent;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.postId === 'string' &&
    UUID.test(event.postId) &&
    typeof event.linkId === 'string' &&
    UUID.test(event.linkId) &&
    STATUSES.has(event.status) &&
    typeof event.checkedAt === 'string' &&
    !Number.isNaN(Date.parse(event.checkedAt))
  );
}
