import type { Log } from '@celebstyle/service-kit';
import { redisAggregateCache } from '../../lib/aggregate-cache.ts';
import { publicReads, type PublicReadsSource } from '../trending/public-reads.ts';
import type { PostsContext } from './posts.service.ts';

// Listing pages: answered from the cache, refreshed in the background after 10 s, gone after 60 s.
const LISTING_REFRESH_AFTER_SECONDS = 10;
const LISTING_TTL_SECONDS = 60;

/**
 * What the public post reads work on: the app's shared aggregates and name directories
 * (publicReads), and the listing's own page caches: hot pages in Redis and in memory, deeper pages
 * in this process's memory only (posts.service.ts, HOT_PAGE_MAX).
 */
export function postsContext(source: PublicReadsSource, log: Log): PostsContext {
  const reads = publicReads(source, log);
  const listingPages = (memoryOnly: boolean) =>
    redisAggregateCache({
      redis: source.redis,
      keys: source.keys,
      refreshAfterSeconds: LISTING_REFRESH_AFTER_SECONDS,
      ttlSeconds: LISTING_TTL_SECONDS,
      memoryOnly,
      tracksPosts: true,
      onError: (error) => log.warn({ err: error }, 'page cache unavailable'),
    });
  return {
    db: source.db,
    redis: source.redis,
    keys: source.keys,
    cache: reads.cache,
    pageCache: listingPages(false),
    deepPageCache: listingPages(true),
    directories: reads.directories,
  };
}
