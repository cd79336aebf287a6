import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { redisAggregateCache } from '../src/modules/trending/aggregate-cache.ts';

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
    const cache = redisAggregateCache({ redis, keys, refreshAfterSeconds: 0, ttlSeconds: 60 });
    const c = counter(['old', 'new']);
    expect(await cache.get('y', c.compute)).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 5));
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
});
