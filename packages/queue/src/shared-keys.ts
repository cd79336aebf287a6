import type { Redis } from 'ioredis';

/**
 * Redis keys one service writes and another reads. The catalog's data version is part of the key of
 * every cached catalog aggregate (listings, facets, directories): it moves when what a listing holds
 * may have changed (a post written, approved or deleted; a celebrity or show edited).
 */
export function catalogDataVersionKey(prefix: string): string {
  return `${prefix}:catalog:data-version`;
}

/**
 * Views of posts not yet written to PostgreSQL (a hash postId → count; the catalog worker flushes
 * it). The gateway adds the views of product pages it answers from its render cache, which the
 * catalog's GET /api/posts/{id} does not see.
 */
export function catalogPendingViewsKey(prefix: string): string {
  return `${prefix}:catalog:views:pending`;
}

/**
 * Catalog changes as a sequence (docs/design.md, Caching and freshness). Every change takes the next
 * number of one counter and stamps it on what it touched: each post it changed, and the listings
 * when what a listing holds may have changed. A cache entry remembers the counter as it was read
 * before the entry's data was read; the entry is fresh while no stamp on its posts (or on the
 * listings, when it depends on them) is higher. A change made during a computation is therefore
 * never missed, and a change to one post (link health, all day long) retires only what shows it.
 */
export const catalogChangeKeys = (prefix: string) => ({
  sequence: `${prefix}:catalog:change-seq`,
  listings: `${prefix}:catalog:changed:listings`,
  post: (postId: string) => `${prefix}:catalog:changed:post:${postId}`,
});

/**
 * How long a stamp is kept. A stamp that expired reads as 0 (never changed); that is safe because
 * every cache entry that could be older than the stamp has expired long before (the catalog's
 * caches keep entries an hour at most, the gateway's rendered pages minutes).
 */
export const CATALOG_CHANGE_STAMP_TTL_SECONDS = 2 * 24 * 3600;

// KEYS[1] the sequence, KEYS[2] the data version, KEYS[3..] the stamps; ARGV[1] stamp TTL, ARGV[2]
// '1' to move the data version too. One script, so a reader never sees a stamp without its number.
const RECORD_CHANGE = `
local s = redis.call('INCR', KEYS[1])
if ARGV[2] == '1' then redis.call('INCR', KEYS[2]) end
for i = 3, #KEYS do redis.call('SET', KEYS[i], s, 'EX', ARGV[1]) end
return s`;

export interface CatalogChange {
  /** Posts whose public answer changed (their fields, their links or their links' health). */
  postIds?: readonly string[];
  /** True when what a listing holds may have changed: moves the data version too. */
  listings?: boolean;
}

/** Records a committed catalog change (call after the commit). Returns its sequence number. */
export async function recordCatalogChange(
  redis: Redis,
  prefix: string,
  change: CatalogChange,
): Promise<number> {
  const keys = catalogChangeKeys(prefix);
  const stamps = [...(change.listings ? [keys.listings] : []), ...(change.postIds ?? []).map(keys.post)];
  const bumpData = change.listings ? '1' : '0';
  const result = await redis.eval(
    RECORD_CHANGE,
    2 + stamps.length,
    keys.sequence,
    catalogDataVersionKey(prefix),
    ...stamps,
    CATALOG_CHANGE_STAMP_TTL_SECONDS,
    bumpData,
  );
  return Number(result);
}

/** The sequence as it is now: read it before reading the data a cache entry will hold. */
export async function readCatalogSequence(redis: Redis, prefix: string): Promise<number> {
  return Number((await redis.get(catalogChangeKeys(prefix).sequence)) ?? 0);
}

/**
 * The highest stamp on these posts (and on the listings when `listings`): an entry read at
 * sequence `s` is fresh while this is at most `s`.
 */
export async function latestCatalogChange(
  redis: Redis,
  prefix: string,
  postIds: readonly string[],
  listings: boolean,
): Promise<number> {
  const keys = catalogChangeKeys(prefix);
  const names = [...(listings ? [keys.listings] : []), ...postIds.map(keys.post)];
  if (names.length === 0) return 0;
  const stamps = await redis.mget(...names);
  return stamps.reduce((max, stamp) => Math.max(max, Number(stamp ?? 0)), 0);
}
