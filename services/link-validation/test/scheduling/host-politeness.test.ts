import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostPoliteness } from '../../src/modules/scheduling/host-politeness.ts';

let testRedis: TestRedis;
let redis: Redis;

beforeAll(async () => {
  testRedis = await createTestRedis('politeness');
  redis = new Redis(testRedis.url);
});
afterAll(async () => {
  redis.disconnect();
  await testRedis.cleanup();
});

describe('host politeness (Redis-backed, shared by every worker)', () => {
  it('lets at most maxInFlight checks of one domain run, and frees a slot on release', async () => {
    const polite = createHostPoliteness(redis, testRedis.prefix, {
      maxInFlight: 2,
      minIntervalMs: 0,
      leaseMs: 10_000,
    });
    expect(await polite.acquire('a.test', 'one')).toBe(0);
    expect(await polite.acquire('a.test', 'two')).toBe(0);
    expect(await polite.acquire('a.test', 'three')).toBeGreaterThan(0);
    expect(await polite.acquire('b.test', 'other-domain')).toBe(0);
    await polite.release('a.test', 'one');
    expect(await polite.acquire('a.test', 'three')).toBe(0);
  });

  it('holds the cap when many slots are asked for in one tick on an auto-pipelined connection', async () => {
    const pipelined = new Redis(testRedis.url, { enableAutoPipelining: true });
    try {
      const polite = createHostPoliteness(pipelined, testRedis.prefix, {
        maxInFlight: 2,
        minIntervalMs: 0,
        leaseMs: 10_000,
      });
      const tokens = ['one', 'two', 'three', 'four', 'five'];
      const waits = await Promise.all(tokens.map((token) => polite.acquire('pipelined.test', token)));
      expect(waits.filter((wait) => wait === 0)).toHaveLength(2);
      const holders = tokens.filter((_, index) => waits[index] === 0);
      await Promise.all(holders.map((token) => polite.release('pipelined.test', token)));
      const next = await Promise.all(
        ['six', 'seven', 'eight'].map((token) => polite.acquire('pipelined.test', token)),
      );
      expect(next.filter((wait) => wait === 0)).toHaveLength(2);
    } finally {
      pipelined.disconnect();
    }
  });

  it('spaces the starts of two checks of one domain by the minimum interval', async () => {
    const polite = createHostPoliteness(redis, testRedis.prefix, {
      maxInFlight: 5,
      minIntervalMs: 300,
      leaseMs: 10_000,
    });
    expect(await polite.acquire('c.test', 'one')).toBe(0);
    const wait = await polite.acquire('c.test', 'two');
    expect(wait).toBeGreaterThan(200);
    expect(wait).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, wait + 20));
    expect(await polite.acquire('c.test', 'two')).toBe(0);
  });

  it('frees the slot of a holder that died once its lease ends', async () => {
    const polite = createHostPoliteness(redis, testRedis.prefix, {
      maxInFlight: 1,
      minIntervalMs: 0,
      leaseMs: 200,
    });
    expect(await polite.acquire('d.test', 'dead-worker')).toBe(0);
    expect(await polite.acquire('d.test', 'live-worker')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await polite.acquire('d.test', 'live-worker')).toBe(0);
  });

  it('holds a paused domain back (Retry-After) and never shortens a longer pause', async () => {
    const polite = createHostPoliteness(redis, testRedis.prefix, {
      maxInFlight: 2,
      minIntervalMs: 0,
      leaseMs: 10_000,
    });
    await polite.pause('e.test', 5_000);
    await polite.pause('e.test', 100);
    const wait = await polite.acquire('e.test', 'one');
    expect(wait).toBeGreaterThan(4_000);
  });
});
