import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { createAuthGuards, redisTokenVersions, type ServiceInstance } from '@celebstyle/service-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream.ts';
import { createTestKeys, type TestKeys } from './helpers/keys.ts';

const LINK_ID = '3f1c2b7e-9d4a-4c1e-8a5b-2e6f7d8c9b0a';
const POST_ID = '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

describe('link health over time and check-now through the gateway', () => {
  let linkValidation: FakeUpstream;
  let testRedis: TestRedis;
  let redis: Redis;
  let keys: TestKeys;
  let app: ServiceInstance;

  beforeAll(async () => {
    linkValidation = await startFakeUpstream();
    testRedis = await createTestRedis('gateway-link-health');
    redis = new Redis(testRedis.url, { keyPrefix: testRedis.prefix, maxRetriesPerRequest: 1 });
    keys = await createTestKeys();
    app = await buildTestGateway({
      upstreams: { 'link-validation': linkValidation.url },
      guards: createAuthGuards(keys.verifier, redisTokenVersions(redis)),
    });
  });
  afterAll(async () => {
    await app.close();
    await linkValidation.close();
    redis.disconnect();
    await testRedis.cleanup();
  });

  it('sends the history read and both check-now calls (no body) to link-validation as they came', async () => {
    const authorization = `Bearer ${await keys.sign()}`;
    for (const [method, url] of [
      ['GET', '/api/admin/link-validation/history?days=30'],
      ['POST', `/api/admin/link-validation/links/${LINK_ID}/check`],
      ['POST', `/api/admin/link-validation/posts/${POST_ID}/check`],
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ method, url, body: '' });
    }
    expect(linkValidation.seen).toHaveLength(3);
  });

  it('answers 401 without a token, and link-validation never sees the request', async () => {
    const before = linkValidation.seen.length;
    for (const [method, url] of [
      ['GET', '/api/admin/link-validation/history'],
      ['POST', `/api/admin/link-validation/links/${LINK_ID}/check`],
      ['POST', `/api/admin/link-validation/posts/${POST_ID}/check`],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
    expect(linkValidation.seen).toHaveLength(before);
  });
});
