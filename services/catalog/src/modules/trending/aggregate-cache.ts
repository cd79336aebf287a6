import type { Redis } from 'ioredis';
import type { CatalogKeys } from '../../lib/redis-keys.ts';

/**
 * Aggregates that cost a scan (trending, name directories, show counts) are computed once per data
 * version and kept in Redis (issue 3 item 8). The data version is bumped on every post write
 * (lib/redis-keys.ts), so a write makes every cached aggregate unreachable at once; the TTL bounds the
 * age of time-windowed figures (recent looks) and of edits that do not bump the version.
 */
export interface AggregateCache {
  get<T>(name: string, compute: () => Promise<T>): Promise<T>;
}

export interface AggregateCacheOptions {
  redis: Redis;
  keys: CatalogKeys;
  ttlSeconds: number;
  /** Called when Redis fails; the aggregate is then computed without the cache. */
  onRedisError?: (error: unknown) => void;
}

export function redisAggregateCache(options: AggregateCacheOptions): AggregateCache {
  const { redis, keys, ttlSeconds, onRedisError } = options;
  // One computation per key per process at a time: a burst after a write does not start 50 scans.
  const inFlight = new Map<string, Promise<unknown>>();

  async function computeOnce<T>(key: string, compute: () => Promise<T>, store: boolean): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = (async () => {
      const value = await compute();
      if (store) {
        await redis
          .set(key, JSON.stringify(value), 'EX', ttlSeconds)
          .catch((error: unknown) => onRedisError?.(error));
      }
      return value;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async get<T>(name: string, compute: () => Promise<T>): Promise<T> {
      let version: string | null;
      let cached: string | null;
      try {
        version = (await redis.get(keys.dataVersion)) ?? '0';
        cached = await redis.get(keys.cache(`${name}:v${version}`));
      } catch (error) {
        onRedisError?.(error);
        return computeOnce(`nocache:${name}`, compute, false);
      }
      if (cached !== null) return JSON.parse(cached) as T;
      return computeOnce(keys.cache(`${name}:v${version}`), compute, true);
    },
  };
}
