import {
  createProducerConnection,
  createTestRedis,
  recordCatalogChange,
  type TestRedis,
} from '@celebstyle/queue';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { redisAggregateCache } from '../src/lib/aggregate-cache.ts';

let testRedis: TestRedis;
let redis: Redis;

beforeAll(async () => {
  testRedis = await createTestRedis('catalog-aggregate-cache');
  redis = createProducerConnection(testRedis.url, { lazyConnect: true });
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
  await testRedis?.cleanup();
});

/** A clock the test moves: an entry comes due when the test says time has passed, never by chance. */
function testClock() {
  let now = Date.now();
  return { clock: () => now, pass: (ms: number) => (now += ms) };
}

function counter(values: unknown[]) {
  let calls = 0;
  return {
    compute: async () => values[Math.min(calls++, values.length - 1)],
    calls: () => calls,
  };
}

describe('aggregate cache', () => {
  it('computes an aggregate once per data version, shared across cache instances', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:a`);
    const one = redisAggregateCache({ redis, keys, refreshAfterSeconds: 60, ttlSeconds: 60 });
    const two = redisAggregateCache({ redis, keys, refreshAfterSeconds: 60, ttlSeconds: 60 });
    const c = counter(['first', 'second']);
    const burst = await Promise.all(Array.from({ length: 20 }, () => one.get('x', c.compute)));
    expect(new Set(burst)).toEqual(new Set(['first']));
    expect(await two.get('x', c.compute)).toBe('first');
    expect(c.calls()).toBe(1);

    await redis.incr(keys.dataVersion);
    expect(await one.get('x', c.compute)).toBe('second');
    expect(c.calls()).toBe(2);
  });

  it('answers an old entry at once and refreshes it in the background', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:b`);
    const time = testClock();
    const cache = redisAggregateCache({ redis, keys, refreshAfterSeconds: 0, ttlSeconds: 60, ...time });
    const c = counter(['old', 'new']);
    expect(await cache.get('y', c.compute)).toBe('old');
    time.pass(1);
    expect(await cache.get('y', c.compute)).toBe('old');
    await expect.poll(() => cache.get('y', c.compute)).toBe('new');
  });

  it('computes without the cache when Redis is down', async () => {
    const down = createProducerConnection('redis://127.0.0.1:1', {
      lazyConnect: true,
      retryStrategy: () => null,
    });
    const errors: unknown[] = [];
    const cache = redisAggregateCache({
      redis: down,
      keys: catalogKeys('down'),
      refreshAfterSeconds: 60,
      ttlSeconds: 60,
      onError: (error) => errors.push(error),
    });
    expect(await cache.get('z', async () => 42)).toBe(42);
    expect(errors.length).toBeGreaterThan(0);
    down.disconnect();
  });

  it('keeps a hit in process memory, and a data version bump retires that copy too', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:memory`);
    const cache = redisAggregateCache({ redis, keys, refreshAfterSeconds: 60, ttlSeconds: 60 });
    const c = counter([{ n: 1 }, { n: 2 }]);
    const first = await cache.get('m', c.compute);
    // The same object again: routes reuse its serialized bytes (plugins/serialized-answer.ts).
    expect(await cache.get('m', c.compute)).toBe(first);
    await redis.incr(keys.dataVersion);
    expect(await cache.get('m', c.compute)).toEqual({ n: 2 });
    expect(c.calls()).toBe(2);
  });

  it('with tracksPosts, computes an answer again when one of its posts changes, in this process and in another', async () => {
    const prefix = `${testRedis.prefix}:posts`;
    const keys = catalogKeys(prefix);
    const options = { redis, keys, refreshAfterSeconds: 60, ttlSeconds: 60, tracksPosts: true };
    const one = redisAggregateCache(options);
    const two = redisAggregateCache(options);
    const c = counter([
      { posts: [{ _id: 'p1' }, { _id: 'p2' }], n: 1 },
      { posts: [{ _id: 'p1' }, { _id: 'p2' }], n: 2 },
      { posts: [{ _id: 'p1' }, { _id: 'p2' }], n: 3 },
    ]);
    expect(await one.get('page', c.compute)).toMatchObject({ n: 1 });
    expect(await two.get('page', c.compute)).toMatchObject({ n: 1 });
    await recordCatalogChange(redis, prefix, { postIds: ['p3'] }); // a post it does not show
    expect(await one.get('page', c.compute)).toMatchObject({ n: 1 });
    const dataVersion = await redis.get(keys.dataVersion);
    await recordCatalogChange(redis, prefix, { postIds: ['p2'] });
    expect(await one.get('page', c.compute)).toMatchObject({ n: 2 });
    expect(await two.get('page', c.compute)).toMatchObject({ n: 2 });
    expect(c.calls()).toBe(2);
    expect(await redis.get(keys.dataVersion)).toBe(dataVersion);
  });

  it('keeps memory-only entries out of Redis (deep pages), still per data version', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:memory-only`);
    const cache = redisAggregateCache({
      redis,
      keys,
      refreshAfterSeconds: 60,
      ttlSeconds: 60,
      memoryOnly: true,
    });
    const c = counter(['page v0', 'page v1']);
    expect(await cache.get('deep', c.compute)).toBe('page v0');
    expect(await cache.get('deep', c.compute)).toBe('page v0');
    expect(await redis.keys(`${keys.cache('')}*`)).toEqual([]);
    await redis.incr(keys.dataVersion);
    expect(await cache.get('deep', c.compute)).toBe('page v1');
    expect(c.calls()).toBe(2);
  });

  it('drops the oldest in-process entries beyond its byte bound', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:bound`);
    const cache = redisAggregateCache({
      redis,
      keys,
      refreshAfterSeconds: 60,
      ttlSeconds: 60,
      memoryOnly: true,
      memoryBytes: 2_000,
    });
    let computed = 0;
    const big = (i: number) => async () => {
      computed++;
      return 'x'.repeat(900) + i;
    };
    for (let i = 0; i < 5; i++) await cache.get(`page-${i}`, big(i));
    expect(computed).toBe(5);
    await cache.get('page-4', big(4));
    expect(computed).toBe(5);
    await cache.get('page-0', big(0));
    expect(computed).toBe(6);
  });

  it('keeps the object it had when a refresh computes the same answer, and takes a changed one', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:unchanged`);
    const time = testClock();
    const cache = redisAggregateCache({ redis, keys, refreshAfterSeconds: 0, ttlSeconds: 60, ...time });
    let answer = { n: 1 };
    let calls = 0;
    const compute = async () => {
      calls++;
      return { ...answer };
    };
    const first = await cache.get('u', compute);
    time.pass(1);
    expect(await cache.get('u', compute)).toBe(first);
    await expect.poll(() => calls).toBe(2);
    // Equal JSON: still the first object, so a route's serialized bytes of it stay in use.
    time.pass(1);
    expect(await cache.get('u', compute)).toBe(first);
    answer = { n: 2 };
    await expect.poll(() => cache.get('u', compute)).toEqual({ n: 2 });
  });

  it('spreads the refresh ages of entries computed together', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:spread`);
    const cache = redisAggregateCache({ redis, keys, refreshAfterSeconds: 10, ttlSeconds: 60 });
    for (let i = 0; i < 20; i++) await cache.get(`page-${i}`, async () => i);
    const stored = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const key = keys.cache(`page-${i}:v0`);
        return JSON.parse((await redis.get(key))!) as { at: number; due: number; value: number };
      }),
    );
    for (const entry of stored) {
      expect(entry.due - entry.at).toBeGreaterThanOrEqual(10_000);
      expect(entry.due - entry.at).toBeLessThan(15_000);
    }
    expect(new Set(stored.map((e) => Math.round(e.due - e.at))).size).toBeGreaterThan(10);
  });

  it('runs at most refreshConcurrency refreshes at once while every read answers the old entry', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:bounded`);
    const time = testClock();
    const cache = redisAggregateCache({
      redis,
      keys,
      refreshAfterSeconds: 0,
      ttlSeconds: 60,
      refreshConcurrency: 2,
      ...time,
    });
    let running = 0;
    let mostAtOnce = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let refreshed = 0;
    const slow = (i: number) => async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await gate;
      running--;
      refreshed++;
      return `new ${i}`;
    };
    for (let i = 0; i < 6; i++) await cache.get(`k${i}`, async () => `old ${i}`);
    time.pass(1);
    const reads = await Promise.all(Array.from({ length: 6 }, (_, i) => cache.get(`k${i}`, slow(i))));
    expect(reads).toEqual(Array.from({ length: 6 }, (_, i) => `old ${i}`));
    await expect.poll(() => running).toBe(2);
    release();
    await expect.poll(() => refreshed).toBe(6);
    expect(mostAtOnce).toBe(2);
    await expect.poll(() => cache.get('k5', slow(5))).toBe('new 5');
  });

  it('drops a waiting refresh when a write has retired its data version', async () => {
    const keys = catalogKeys(`${testRedis.prefix}:retired`);
    const time = testClock();
    const cache = redisAggregateCache({
      redis,
      keys,
      refreshAfterSeconds: 0,
      ttlSeconds: 60,
      refreshConcurrency: 1,
      ...time,
    });
    await cache.get('a', async () => 'a0');
    await cache.get('b', async () => 'b0');
    time.pass(1);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aStarted = false;
    let bComputed = 0;
    await cache.get('a', async () => {
      aStarted = true;
      await gate;
      return 'a1';
    });
    await cache.get('b', async () => {
      bComputed++;
      return 'b1';
    });
    await expect.poll(() => aStarted).toBe(true);
    await redis.incr(keys.dataVersion);
    // A refresh under the new version, queued behind b's: once it has run, b's turn has passed.
    await cache.get('c', async () => 'c0');
    time.pass(1);
    let cRefreshed = false;
    await cache.get('c', async () => {
      cRefreshed = true;
      return 'c1';
    });
    release();
    // The next read under the new version computes afresh; the queued refresh of the old one never ran.
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    await expect.poll(() => cRefreshed).toBe(true);
    expect(bComputed).toBe(0);
  });
});
