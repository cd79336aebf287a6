import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { CatalogKeys } from '../../lib/redis-keys.ts';

/**
 * Aggregates that cost a scan (trending, name directories, show counts) are computed once per data
 * version and kept in Redis (README, Caching). The data version is bumped on every post write
 * (lib/redis-keys.ts), so a write makes every cached aggregate unreachable at once and the next read
 * computes it. Within one version an entry older than refreshAfterSeconds is still answered while a
 * background refresh runs, so time-windowed figures (recent looks) move on without a request ever
 * waiting for a scan (about 0.4 s at 200,000 posts).
 *
 * Each process also keeps the entries it has read, parsed, in a bounded memory cache under the same
 * versioned key: a hit then costs one pipelined MGET of the versions and no GET, no JSON parse, and
 * hands back the same object every time (so routes can reuse its serialized bytes, see
 * plugins/serialized-answer.ts). Freshness is unchanged: the versions are read from Redis on every get.
 */
export interface AggregateCache {
  get<T>(name: string, compute: () => Promise<T>): Promise<T>;
}

export interface AggregateCacheOptions {
  redis: Redis;
  keys: CatalogKeys;
  /** Age after which an entry is refreshed in the background. */
  refreshAfterSeconds: number;
  /** Lifetime of an entry in Redis and in memory (old versions disappear on their own). */
  ttlSeconds: number;
  /**
   * The version keys an entry depends on (default: the data version). Answers that carry view
   * counts also name the views version, bumped when buffered views reach PostgreSQL.
   */
  versionKeys?: string[];
  /** Bound of the in-process copy, in bytes of the entries' JSON (default 16 MB). */
  memoryBytes?: number;
  /**
   * Keep entries in this process only, never in Redis: for answers too many and too rarely shared
   * to be worth a Redis round trip and its memory (deep listing pages).
   */
  memoryOnly?: boolean;
  /** Called when Redis or a background refresh fails; reads then compute without the cache. */
  onError?: (error: unknown) => void;
}

interface Entry<T> {
  at: number;
  value: T;
}

export const DEFAULT_MEMORY_BYTES = 16 * 1024 * 1024;

export function redisAggregateCache(options: AggregateCacheOptions): AggregateCache {
  const { redis, keys, refreshAfterSeconds, ttlSeconds, onError } = options;
  const versionKeys = options.versionKeys ?? [keys.dataVersion];
  const memory = new LRUCache<string, Entry<unknown>>({
    // Every set names its size; an entry bigger than the whole bound is simply not kept.
    maxSize: options.memoryBytes ?? DEFAULT_MEMORY_BYTES,
    ttl: ttlSeconds * 1000,
  });
  // One computation per key per process at a time: a burst after a write does not start 50 scans.
  const inFlight = new Map<string, Promise<unknown>>();

  function remember(key: string, entry: Entry<unknown>, bytes: number): void {
    memory.set(key, entry, { size: Math.max(1, bytes) });
  }

  function computeOnce<T>(key: string, compute: () => Promise<T>, store: boolean): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = (async () => {
      const value = await compute();
      if (store) {
        const entry: Entry<T> = { at: Date.now(), value };
        const json = JSON.stringify(entry);
        remember(key, entry, json.length);
        if (!options.memoryOnly) {
          await redis.set(key, json, 'EX', ttlSeconds).catch((error: unknown) => onError?.(error));
        }
      }
      return value;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  function refreshWhenOld<T>(key: string, entry: Entry<T>, compute: () => Promise<T>): T {
    if (Date.now() - entry.at > refreshAfterSeconds * 1000) {
      computeOnce(key, compute, true).catch((error: unknown) => onError?.(error));
    }
    return entry.value;
  }

  return {
    async get<T>(name: string, compute: () => Promise<T>): Promise<T> {
      let key: string;
      try {
        const versions = await redis.mget(...versionKeys);
        key = keys.cache(`${name}:v${versions.map((v) => v ?? '0').join('.')}`);
      } catch (error) {
        onError?.(error);
        return computeOnce(`nocache:${name}`, compute, false);
      }
      const local = memory.get(key) as Entry<T> | undefined;
      if (local) return refreshWhenOld(key, local, compute);
      if (options.memoryOnly) return computeOnce(key, compute, true);

      let cached: string | null;
      try {
        cached = await redis.get(key);
      } catch (error) {
        onError?.(error);
        return computeOnce(`nocache:${name}`, compute, false);
      }
      if (cached === null) return computeOnce(key, compute, true);
      const entry = JSON.parse(cached) as Entry<T>;
      remember(key, entry, cached.length);
      return refreshWhenOld(key, entry, compute);
    },
  };
}

/** The cache name of an aggregate that depends on caller input: a hash, never the raw input. */
export const inputCacheName = (kind: string, ...parts: (string | number)[]) =>
  `${kind}:${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32)}`;
