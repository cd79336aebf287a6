import type { Redis } from 'ioredis';
import { catalogKeys } from './redis-keys.ts';

/**
 * The catalog data version is part of every cached aggregate's key (README, Caching): bumping it on
 * any post write makes every cached facet, count and name list stale at once, with no key scan.
 */
export async function bumpCatalogVersion(redis: Redis, keyPrefix: string): Promise<number> {
  return redis.incr(catalogKeys(keyPrefix).dataVersion);
}

export async function readCatalogVersion(redis: Redis, keyPrefix: string): Promise<string> {
  return (await redis.get(catalogKeys(keyPrefix).dataVersion)) ?? '0';
}
