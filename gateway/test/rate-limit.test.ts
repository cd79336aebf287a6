import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

describe('global rate limit', () => {
  let testRedis: TestRedis;
  let redis: Redis;

  beforeAll(async () => {
    testRedis = await createTestRedis('gateway-rate');
    redis = new Redis(testRedis.url, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    redis.disconnect();
    await testRedis.cleanup();
  });

  it('answers 429 JSON with Retry-After once a client passes the limit, counting in Redis', async () => {
    const app = await buildTestGateway({
      rateLimit: { max: 3, windowMs: 60_000, redis, keyPrefix: testRedis.prefix },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ url: '/api/site-config' })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await app.inject({ url: '/api/site-config' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    expect(await redis.keys(`${testRedis.prefix}:gateway-rate-limit:*`)).not.toHaveLength(0);
    // Health checks are never limited, so an orchestrator never kills a busy gateway.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});
