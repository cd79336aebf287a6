import type { Log } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { redisAggregateCache, type AggregateCache } from '../../lib/aggregate-cache.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { cachedDirectories, type Directories } from './directories.service.ts';

/**
 * A listing change (data version) retires cached aggregates at once, a change to one post the page
 * answers that show it (tracksPosts); these bound their age otherwise.
 */
export const AGGREGATE_REFRESH_AFTER_SECONDS = 60;
export const AGGREGATE_TTL_SECONDS = 3600;
/** Whole page answers (celebrity, show, search): short-lived, so many distinct pages stay cheap. */
export const PAGE_REFRESH_AFTER_SECONDS = 30;
export const PAGE_TTL_SECONDS = 120;

export interface PublicReads {
  db: Kysely<Database>;
  cache: AggregateCache;
  /** Page answers; keyed by the data and the views version, since posts carry view counts, and
   * kept fresh per post they show. */
  pageCache: AggregateCache;
  directories: Directories;
}

export interface PublicReadsSource {
  db: Kysely<Database>;
  redis: Redis;
  keys: CatalogKeys;
}

const shared = new WeakMap<PublicReadsSource, PublicReads>();

/**
 * One aggregate cache and one pair of directories per app, shared by the post, celebrity, show and
 * search routes, so a burst of requests after a write computes each aggregate once. A cache that
 * cannot reach Redis computes its answers without it and says so in the log.
 */
export function publicReads(source: PublicReadsSource, log: Log): PublicReads {
  let reads = shared.get(source);
  if (!reads) {
    const onError = (error: unknown) => log.warn({ err: error }, 'aggregate cache unavailable');
    const cache = redisAggregateCache({
      redis: source.redis,
      keys: source.keys,
      refreshAfterSeconds: AGGREGATE_REFRESH_AFTER_SECONDS,
      ttlSeconds: AGGREGATE_TTL_SECONDS,
      onError,
    });
    const pageCache = redisAggregateCache({
      redis: source.redis,
      keys: source.keys,
      refreshAfterSeconds: PAGE_REFRESH_AFTER_SECONDS,
      ttlSeconds: PAGE_TTL_SECONDS,
      versionKeys: [source.keys.dataVersion, source.keys.viewsVersion],
      tracksPosts: true,
      onError,
    });
    reads = { db: source.db, cache, pageCache, directories: cachedDirectories(source.db, cache) };
    shared.set(source, reads);
  }
  return reads;
}
