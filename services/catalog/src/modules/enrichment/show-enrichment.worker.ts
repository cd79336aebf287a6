import { handingBack, QueueName } from '@celebstyle/queue';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import { bumpCatalogVersion } from '../../lib/catalog-version.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import type { ShowEnrichmentJob } from '../../lib/show-enrichment-queue.ts';
import { redisCallRateLimiter } from './call-rate-limiter.ts';
import { enrichShow, type EnrichmentOutcome } from './show-enrichment.ts';
import { tvmazeClient, TvmazeRateLimitedError } from './tvmaze-client.ts';

/**
 * Calls are counted when they leave; TVmaze counts them when they arrive, a few ms later and not
 * always in the same spacing. The window is widened by this much so TVmaze never sees one too many.
 */
const SEND_JITTER_MARGIN_MS = 100;

export interface ShowEnrichmentWorkerOptions {
  db: Kysely<Database>;
  /** For the worker's blocking commands (createWorkerConnection). */
  connection: Redis;
  /** For the answer cache, the call limiter and the data version. */
  redis: Redis;
  keys: CatalogKeys;
  prefix: string;
  tvmazeBaseUrl: string;
  /** TVmaze's published limit: 20 calls per 10 seconds. */
  maxCalls: number;
  windowMs: number;
  log: Log;
}

/** Enriches shows from TVmaze, one job per show, within TVmaze's rate limit. */
export function startShowEnrichmentWorker(options: ShowEnrichmentWorkerOptions): Worker<ShowEnrichmentJob> {
  const client = tvmazeClient({
    baseUrl: options.tvmazeBaseUrl,
    redis: options.redis,
    cacheKeyPrefix: options.keys.cache('tvmaze'),
    limiter: redisCallRateLimiter(
      options.redis,
      `${options.keys.cache('tvmaze-calls')}`,
      options.maxCalls,
      options.windowMs + SEND_JITTER_MARGIN_MS,
    ),
  });
  const worker: Worker<ShowEnrichmentJob> = new Worker<ShowEnrichmentJob>(
    QueueName.showEnrichment,
    // Enriching a show is idempotent: a job handed back at shutdown (closeWorkers) runs again.
    handingBack(async (job: Job<ShowEnrichmentJob>): Promise<EnrichmentOutcome> => {
      try {
        const outcome = await enrichShow(options.db, client, job.data.showId);
        // Show pages and lists are cached by data version (a listing change, lib/catalog-version.ts).
        if (outcome === 'enriched') await bumpCatalogVersion(options.redis, options.keys.prefix);
        return outcome;
      } catch (error) {
        if (error instanceof TvmazeRateLimitedError) {
          // A 429: hold the whole queue (every replica) for the time TVmaze asks, and put this job
          // back without spending one of its attempts.
          await worker.rateLimit(error.retryAfterMs);
          throw Worker.RateLimitError();
        }
        throw error;
      }
    }),
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: 2,
      // BullMQ heeds a manual rateLimit() only on a queue with a limiter: without one, any worker
      // fetching a job during the hold takes it. One job calls TVmaze at most once, so TVmaze's
      // own limit is a fair limit on jobs too.
      limiter: { max: options.maxCalls, duration: options.windowMs },
    },
  );
  worker.on('completed', (job, outcome: EnrichmentOutcome) =>
    options.log.info({ showId: job.data.showId, outcome }, 'show enrichment done'),
  );
  worker.on('failed', (job, error) =>
    options.log.error({ showId: job?.data.showId, err: error }, 'show enrichment failed'),
  );
  worker.on('error', (error) => options.log.error({ err: error }, 'show enrichment worker error'));
  return worker;
}
