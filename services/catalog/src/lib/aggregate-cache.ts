import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import { latestCatalogChange, readCatalogSequence } from '@celebstyle/queue';
import type { CatalogKeys } from './redis-keys.ts';

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
 *
 * Background refreshes are kept from crowding out the reads they serve: each entry's refresh age is
 * drawn between refreshAfterSeconds and 1.5 times it, so entries computed together (a list's pages
 * after a write) do not all come due in the same second; at most refreshConcurrency refreshes run
 * at a time, the rest wait their turn while the old entry is answered; a refresh whose data version
 * a write has retired in the meantime is dropped; and a refresh that computes the same answer keeps
 * the object it already had, so its serialized and compressed bytes stay valid.
 *
 * A change to one post alone (its links' health, all day long) leaves the data version where it is
 * (lib/catalog-version.ts). A cache of answers that show posts (`tracksPosts`) therefore keeps, with
 * each entry, the ids of the posts in it and the catalog's change sequence read before its data;
 * a hit costs one more MGET of those posts' change stamps, and an entry one of whose posts changed
 * since is computed again before it is answered, never answered stale.
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
  /** Background refreshes running at once (default 2); reads that miss are never held back. */
  refreshConcurrency?: number;
  /**
   * Entries are answers with a `posts` list (PublicPost): each is kept fresh per post, by the change
   * stamps of the posts it holds (see above).
   */
  tracksPosts?: boolean;
  /** Called when Redis or a background refresh fails; reads then compute without the cache. */
  onError?: (error: unknown) => void;
  /** The time in milliseconds that entries are stamped with and come due by (default Date.now). */
  clock?: () => number;
}

interface Entry<T> {
  /** When the value was computed. */
  at: number;
  /** When it is due for a refresh (absent in entries written before jittered refreshes). */
  due?: number;
  /** Digest of the value's JSON, to tell an unchanged refresh (absent in older entries). */
  digest?: string;
  /** With tracksPosts: the change sequence read before the value was computed, and its posts. */
  seq?: number;
  posts?: string[];
  value: T;
}

/** The ids of the posts an answer shows (`{ posts: [{ _id }] }`), or none. */
export function postIdsIn(value: unknown): string[] {
  const posts = (value as { posts?: unknown } | null)?.posts;
  if (!Array.isArray(posts)) return [];
  return posts.flatMap((post) => {
    const id = (post as { _id?: unknown } | null)?._id;
    return typeof id === 'string' ? [id] : [];
  });
}

export const DEFAULT_MEMORY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_REFRESH_CONCURRENCY = 2;
/** Refresh ages spread over [refreshAfter, refreshAfter × (1 + REFRESH_SPREAD)). */
const REFRESH_SPREAD = 0.5;

const digestOf = (json: string) => createHash('sha1').update(json).digest('base64');

export function redisAggregateCache(options: AggregateCacheOptions): AggregateCache {
  const { redis, keys, refreshAfterSeconds, ttlSeconds, onError, clock = Date.now } = options;
  const tracksPosts = options.tracksPosts ?? false;
  const versionKeys = options.versionKeys ?? [keys.dataVersion];
  const memory = new LRUCache<string, Entry<unknown>>({
    // Every set names its size; an entry bigger than the whole bound is simply not kept.
    maxSize: options.memoryBytes ?? DEFAULT_MEMORY_BYTES,
    ttl: ttlSeconds * 1000,
  });
  // One computation per key per process at a time: a burst after a write does not start 50 scans.
  const inFlight = new Map<string, Promise<unknown>>();
  // Refreshes apart from the reads' computations: a read that misses never queues behind them.
  const refreshing = new Set<string>();
  const refreshSlot = pLimit(options.refreshConcurrency ?? DEFAULT_REFRESH_CONCURRENCY);

  async function versionedKey(name: string): Promise<string> {
    const versions = await redis.mget(...versionKeys);
    return keys.cache(`${name}:v${versions.map((v) => v ?? '0').join('.')}`);
  }

  const refreshDue = (at: number) => at + refreshAfterSeconds * 1000 * (1 + REFRESH_SPREAD * Math.random());

  /** The change sequence before a computation reads its data (tracksPosts only). */
  const sequenceNow = async (): Promise<number | undefined> =>
    tracksPosts ? readCatalogSequence(redis, keys.prefix) : undefined;

  /** Whether one of the entry's posts changed after its data was read (tracksPosts only). */
  async function postChanged(entry: Entry<unknown>): Promise<boolean> {
    if (!tracksPosts) return false;
    if (entry.seq === undefined) return true; // kept before posts were tracked
    if (!entry.posts?.length) return false;
    return (await latestCatalogChange(redis, keys.prefix, entry.posts, false)) > entry.seq;
  }

  /** Keeps a computed value; an unchanged one keeps the object already held (and its bytes). */
  async function store<T>(key: string, value: T, seq: number | undefined): Promise<T> {
    const json = JSON.stringify(value) ?? 'null';
    const digest = digestOf(json);
    const held = memory.get(key) as Entry<T> | undefined;
    const kept = held && held.digest === digest ? held.value : value;
    const at = clock();
    const posts = tracksPosts ? postIdsIn(value) : undefined;
    const entry: Entry<T> = { at, due: refreshDue(at), digest, seq, posts, value: kept };
    memory.set(key, entry, { size: Math.max(1, json.length) });
    if (!options.memoryOnly) {
      const tracked = tracksPosts ? `"seq":${seq ?? 0},"posts":${JSON.stringify(posts)},` : '';
      const stored = `{"at":${at},"due":${entry.due},"digest":${JSON.stringify(digest)},${tracked}"value":${json}}`;
      await redis.set(key, stored, 'EX', ttlSeconds).catch((error: unknown) => onError?.(error));
    }
    return kept;
  }

  /** `flight` tells computations apart that must not be shared (one after a post changed). */
  function computeOnce<T>(key: string, compute: () => Promise<T>, keep: boolean, flight = key): Promise<T> {
    const running = inFlight.get(flight) as Promise<T> | undefined;
    if (running) return running;
    const promise = (async () => {
      // unknown (Redis failing): the entry is then computed again on its next read
      const seq = keep ? await sequenceNow().catch(() => undefined) : undefined;
      const value = await compute();
      return keep ? store(key, value, seq) : value;
    })().finally(() => inFlight.delete(flight));
    inFlight.set(flight, promise);
    return promise;
  }

  /** Answers a held entry: computed again first when one of its posts changed since. */
  async function answer<T>(
    name: string,
    key: string,
    entry: Entry<T>,
    compute: () => Promise<T>,
    fromMemory: boolean,
  ): Promise<T> {
    try {
      if (!(await postChanged(entry))) return refreshWhenDue(name, key, entry, compute);
      // Another process may have computed it again already: its copy in Redis is then fresh.
      const shared = fromMemory && !options.memoryOnly ? await readShared<T>(key) : null;
      if (shared && shared.seq !== entry.seq && !(await postChanged(shared)))
        return refreshWhenDue(name, key, shared, compute);
    } catch (error) {
      onError?.(error);
      return computeOnce(`nocache:${name}`, compute, false);
    }
    return computeOnce(key, compute, true, `${key}#after:${entry.seq ?? 'none'}`);
  }

  /** The entry in Redis, also kept in this process's memory; null when there is none. */
  async function readShared<T>(key: string): Promise<Entry<T> | null> {
    const cached = await redis.get(key);
    if (cached === null) return null;
    const entry = JSON.parse(cached) as Entry<T>;
    memory.set(key, entry, { size: Math.max(1, cached.length) });
    return entry;
  }

  function refresh<T>(name: string, key: string, compute: () => Promise<T>): void {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    refreshSlot(async () => {
      // A write while this waited retired the version: nobody reads this key any more.
      if ((await versionedKey(name)) !== key) return;
      const seq = await sequenceNow().catch(() => undefined);
      await store(key, await compute(), seq);
    })
      .catch((error: unknown) => onError?.(error))
      .finally(() => refreshing.delete(key));
  }

  function refreshWhenDue<T>(name: string, key: string, entry: Entry<T>, compute: () => Promise<T>): T {
    if (clock() > (entry.due ?? entry.at + refreshAfterSeconds * 1000)) refresh(name, key, compute);
    return entry.value;
  }

  return {
    async get<T>(name: string, compute: () => Promise<T>): Promise<T> {
      let key: string;
      try {
        key = await versionedKey(name);
      } catch (error) {
        onError?.(error);
        return computeOnce(`nocache:${name}`, compute, false);
      }
      const local = memory.get(key) as Entry<T> | undefined;
      if (local) return answer(name, key, local, compute, true);
      if (options.memoryOnly) return computeOnce(key, compute, true);

      let shared: Entry<T> | null;
      try {
        shared = await readShared<T>(key);
      } catch (error) {
        onError?.(error);
        return computeOnce(`nocache:${name}`, compute, false);
      }
      if (shared === null) return computeOnce(key, compute, true);
      return answer(name, key, shared, compute, false);
    },
  };
}

/** The cache name of an aggregate that depends on caller input: a hash, never the raw input. */
export const inputCacheName = (kind: string, ...parts: (string | number)[]) =>
  `${kind}:${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32)}`;
