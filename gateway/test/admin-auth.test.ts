import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import {
  createAuthGuards,
  redisTokenVersions,
  revokedSessionKey,
  tokenVersionKey,
  type ServiceInstance,
} from '@celebstyle/service-kit';
import { Redis } from 'ioredis';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream.ts';
import { createTestKeys, signWith, type TestKeys } from './helpers/keys.ts';

describe('access tokens on /api/admin/*', () => {
  let catalog: FakeUpstream;
  let accounts: FakeUpstream;
  let testRedis: TestRedis;
  let redis: Redis;
  let keys: TestKeys;
  let app: ServiceInstance;

  beforeAll(async () => {
    catalog = await startFakeUpstream();
    accounts = await startFakeUpstream();
    testRedis = await createTestRedis('gateway-auth');
    redis = new Redis(testRedis.url, { keyPrefix: testRedis.prefix, maxRetriesPerRequest: 1 });
    keys = await createTestKeys();
    app = await buildTestGateway({
      upstreams: { catalog: catalog.url, accounts: accounts.url },
      guards: createAuthGuards(keys.verifier, redisTokenVersions(redis)),
    });
  });
  afterAll(async () => {
    await app.close();
    await catalog.close();
    await accounts.close();
    redis.disconnect();
    await testRedis.cleanup();
  });

  const seenCount = () => catalog.seen.length + accounts.seen.length;

  it('answers 401 JSON without a token, and no service sees the request', async () => {
    const before = seenCount();
    for (const url of [
      '/api/admin/posts',
      '/api/admin/accounts',
      '/api/admin/audit-log',
      '/api/admin/audit-log/export',
      '/api/admin/auth/profile',
      '/api/admin/support/1',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
    expect(seenCount()).toBe(before);
  });

  it('answers 401 to a malformed, foreign-key or expired token', async () => {
    const foreign = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
    const tokens = [
      'not-a-jwt',
      await signWith(foreign),
      await keys.sign({ exp: '-1m' }),
      (await keys.sign()).slice(0, -4) + 'AAAA',
    ];
    const before = seenCount();
    for (const token of tokens) {
      const res = await app.inject({
        url: '/api/admin/posts',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ code: string }>().code).toMatch(/^TOKEN_(INVALID|EXPIRED)$/);
    }
    expect(seenCount()).toBe(before);
  });

  it('passes a request with a valid token on, with its Authorization header', async () => {
    const token = await keys.sign();
    const res = await app.inject({
      url: '/api/admin/posts?status=pending',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: '/api/admin/posts?status=pending' });
    expect(catalog.seen.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('passes the audit log and its export to accounts with the query as sent', async () => {
    const token = await keys.sign();
    for (const url of [
      '/api/admin/audit-log?targetType=post&limit=5',
      '/api/admin/audit-log/export?actor=alice',
    ]) {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(accounts.seen.at(-1)?.url).toBe(url);
    }
  });

  it('rejects a token whose admin was revoked since it was issued (token version raised)', async () => {
    const token = await keys.sign({ sub: 'admin-revoked', ver: 1 });
    await redis.set(tokenVersionKey('admin-revoked'), '2');
    const res = await app.inject({
      url: '/api/admin/accounts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
  });

  it('rejects a token whose sign-in session ended (sign-out, refresh-token reuse) before any service sees it', async () => {
    const token = await keys.sign({ sub: 'admin-signed-out', sid: 'session-signed-out' });
    const call = () =>
      app.inject({ url: '/api/admin/accounts', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    await redis.set(revokedSessionKey('session-signed-out'), '1');
    const seen = seenCount();
    const res = await call();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
    expect(seenCount()).toBe(seen);
  });

  it('answers every admin route with Cache-Control: no-store, whatever the service sent', async () => {
    const token = await keys.sign();
    const proxied = await app.inject({
      url: '/api/admin/posts',
      headers: { authorization: `Bearer ${token}`, 'x-test-cache-control': 'public, max-age=600' },
    });
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ url: '/api/admin/posts' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const signIn = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: {} });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('lets sign-in and refresh through without a token', async () => {
    for (const url of ['/api/admin/auth/login', '/api/admin/auth/refresh']) {
      const res = await app.inject({ method: 'POST', url, payload: { username: 'a' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ url });
    }
  });

  it('does not let an encoded path slip past the check', async () => {
    const before = seenCount();
    const res = await app.inject({ url: '/api/%61dmin/posts' });
    expect(res.statusCode).toBe(401);
    expect(seenCount()).toBe(before);
  });

  it('guards admin prefixes of services that are not built before answering 503', async () => {
    const res = await app.inject({ url: '/api/admin/link-validation/results' });
    expect(res.statusCode).toBe(401);
    const withToken = await app.inject({
      url: '/api/admin/link-validation/results',
      headers: { authorization: `Bearer ${await keys.sign()}` },
    });
    expect(withToken.statusCode).toBe(503);
  });
});

describe('a gateway without public keys', () => {
  it('answers 503 on the admin API instead of passing requests unchecked', async () => {
    const upstream = await startFakeUpstream();
    const app = await buildTestGateway({ upstreams: { catalog: upstream.url }, guards: null });
    const res = await app.inject({ url: '/api/admin/posts', headers: { authorization: 'Bearer x.y.z' } });
    expect(res.statusCode).toBe(503);
    expect(upstream.seen).toHaveLength(0);
    await app.close();
    await upstream.close();
  });
});
