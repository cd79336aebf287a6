import { recordCatalogChange } from '@celebstyle/queue';
import type { Redis } from 'ioredis';

/**
 * Records a change to what listings hold (README, Caching): the data version is part of every cached
 * aggregate's key, so moving it makes every cached facet, count and name list stale at once, with no
 * key scan; the gateway's rendered pages see the listings' change stamp. Call after the commit.
 * Returns the change's sequence number.
 */
export async function bumpCatalogVersion(redis: Redis, keyPrefix: string): Promise<number> {
  return recordCatalogChange(redis, keyPrefix, { listings: true });
}

/** Records a change to these posts alone (their fields or links): retires what shows them. */
export async function recordPostChange(
  redis: Redis,
  keyPrefix: string,
  postIds: readonly string[],
): Promise<number> {
  return recordCatalogChange(redis, keyPrefix, { postIds });
}
