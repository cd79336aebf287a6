import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { CatalogKeys } from '../../lib/redis-keys.ts';

/**
 * Aggregates that cost a scan (trending, name directories, show counts) are computed once per data
 * version and kept in Redis (issue 3 item 8). The data version is bumped on every post write
 * (lib/redis-keys.ts), so a write makes every cached aggregate unreachable at once and the next read
 * computes it. Within one version an entry older than refreshAfterSeconds is still answered while a
 * background refresh runs, so time-windowed figures (recent looks) move on without a request ever
 * waiting for a scan (about 0.4 s at 200,000 posts).
 */
export interface AggregateCache {
  get<T>(name: string, compute: () => Promise<T>): Promise<T>;
}

export interface AggregateCacheOptions {
  redis: Redis;
  keys: CatalogKeys;
  /** Age after which an entry is refreshed in the background. */
  refreshAfterSeconds: number;
  /** Lifetime of an entry in Redis (old versions disappear on their own). */
  ttlSeconds: number;
  /**
   * The version keys an entry depends on (default: the data version). Answers that carry view
   * counts also name the views version, bumped when buffered views reach PostgreSQL.
   */
  versionKeys?: string[];
  /** Called when Redis or a background refresh fails; reads then compute without the cache. */
  onError?: (error: unknown) => void;
}

interface Entry<T> {
  at: number;
  value: T;
}

export function redisAggregateCache(options: AggregateCacheOptions): AggregateCache {
  const { redis, keys, refreshAfterSeconds, ttlSeconds, onError } = options;
  const versionKeys = options.versionKeys ?? [keys.dataVersion];
  // One computation per key per process at a time: a burst after a write does not start 50 scans.
  const inFlight = new Map<string, Promise<unknown>>();

  function computeOnce<T>(key: string, compute: () => Promise<T>, store: boolean): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = (async () => {
      const value = await compute();
      if (store) {
        const entry: Entry<T> = { at: Date.now(), value };
        await redis
          .set(key, JSON.stringify(entry), 'EX', ttlSeconds)
          .catch((error: unknown) => onError?.(error));
      }
      return value;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async get<T>(name: string, compute: () => Promise<T>): Promise<T> {
      let key: string;
      let cached: string | null;
      try {
        const versions = await redis.mget(...versionKeys);
        key = keys.cache(`${name}:v${versions.map((v) => v ?? '0').join('.')}`);
        cached = await redis.get(key);
      } catch (error) {
        onError?.(error);
        return computeOnce(`nocache:${name}`, compute, false);
      }
      if (cached === null) return computeOnce(key, compute, true);
      const entry = JSON.parse(cached) as Entry<T>;
      if (Date.now() - entry.at > refreshAfterSeconds * 1000) {
        computeOnce(key, compute, true).catch((error: unknown) => onError?.(error));
      }
      return entry.value;
    },
  };
}

/** The cache name of an aggregate that depends on caller input: a hash, never the raw input. */
export const inputCacheName = (kind: string, ...parts: (string | number)[]) =>
  `${kind}:${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32)}`;
