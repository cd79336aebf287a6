import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { JSDOM } from 'jsdom';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildApp,
  createPasswordHasher,
  ensureFirstSuperAdmin,
  generateSigningKeyPair,
  importSigningKey,
  migrate,
  schema as ACCOUNTS_SCHEMA,
  type Database as AccountsDatabase,
} from '@celebstyle/accounts';
import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import type { ServiceInstance } from '@celebstyle/service-kit';
import { adminRequest, setSessionLostHandler } from '../src/lib/api-client.ts';
import { tokenStore } from '../src/lib/token-store.ts';

/*
 * The api-client against the real accounts service (real PostgreSQL and Redis): access tokens that
 * live one second, so a test can let one expire and watch what parallel requests do about it.
 * Accounts rotates refresh tokens and ends the whole session when a spent one comes back, so two
 * requests that each refresh with the same token would sign the admin out.
 */

const TTL_SECONDS = 1;
const USERNAME = 'refresher';
const PASSWORD = 'correct horse battery';

let database: TestDatabase;
let testRedis: TestRedis;
let db: Kysely<AccountsDatabase>;
let redis: Redis;
let app: ServiceInstance;
let origin: string;
const nodeFetch = globalThis.fetch;

beforeAll(async () => {
  database = await createTestDatabase('admin_web_refresh');
  testRedis = await createTestRedis('admin-web-refresh');
  db = createDb<AccountsDatabase>({ connectionString: database.url, schema: ACCOUNTS_SCHEMA, max: 5 });
  await migrate(db);
  redis = createProducerConnection(testRedis.url, { keyPrefix: `${testRedis.prefix}:` });
  const hasher = await createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  await ensureFirstSuperAdmin(db, hasher, {
    NODE_ENV: 'test',
    ADMIN_USERNAME: USERNAME,
    ADMIN_EMAIL: 'refresher@example.com',
    ADMIN_PASSWORD: PASSWORD,
  });
  const keys = await generateSigningKeyPair();
  app = await buildApp({
    db,
    redis,
    signingKey: await importSigningKey(keys.privateJwk),
    jwks: null,
    issuer: 'celebstyle-accounts',
    audience: 'celebstyle-admin',
    hasher,
    accessTokenTtlSeconds: TTL_SECONDS,
    keyPrefix: testRedis.prefix,
    logLevel: 'silent',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  redis?.disconnect();
  await testRedis?.cleanup();
  await database?.drop();
});

beforeEach(() => {
  // the token store keeps tokens in the page's localStorage, as in the browser
  vi.stubGlobal('localStorage', new JSDOM('', { url: 'http://127.0.0.1/admin/' }).window.localStorage);
});
afterEach(() => vi.unstubAllGlobals());

/** The browser resolves the client's /api paths against the page; here they go to the accounts server. */
function serveApiFromAccounts() {
  const refreshes: string[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    if (input.endsWith('/admin/auth/refresh')) refreshes.push(input);
    return nodeFetch(new URL(input, origin), init);
  });
  return refreshes;
}

async function signIn() {
  const res = await nodeFetch(`${origin}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { accessToken: string; refreshToken: string };
  tokenStore.save(body.accessToken, body.refreshToken);
  return body;
}

/** Waits until the access token is refused as expired (its exp is in whole seconds). */
async function letAccessTokenExpire(accessToken: string) {
  await vi.waitFor(
    async () => {
      const res = await nodeFetch(`${origin}/api/admin/auth/profile`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(res.status).toBe(401);
    },
    { timeout: 10_000, interval: 250 },
  );
}

describe('adminRequest against the accounts service', () => {
  it('answers parallel requests with an expired token after one refresh, and the session lives on', async () => {
    const refreshes = serveApiFromAccounts();
    const lost = vi.fn();
    setSessionLostHandler(lost);
    const first = await signIn();
    await letAccessTokenExpire(first.accessToken);

    const answers = await Promise.all([
      adminRequest<{ username: string }>('/admin/auth/profile'),
      adminRequest<{ total: number }>('/admin/accounts/stats'),
      adminRequest<{ username: string }>('/admin/auth/profile'),
    ]);

    expect(answers[0].username).toBe(USERNAME);
    expect(answers[1].total).toBe(1);
    expect(answers[2].username).toBe(USERNAME);
    expect(refreshes).toHaveLength(1);
    expect(lost).not.toHaveBeenCalled();
    expect(tokenStore.access()).not.toBe(first.accessToken);
    expect(tokenStore.refresh()).not.toBe(first.refreshToken);

    // the session was not ended as a stolen one: the rotated refresh token still works once this
    // access token expires too
    await letAccessTokenExpire(tokenStore.access()!);
    expect((await adminRequest<{ username: string }>('/admin/auth/profile')).username).toBe(USERNAME);
    expect(refreshes).toHaveLength(2);
    expect(lost).not.toHaveBeenCalled();
  });

  it('clears the tokens and reports the lost session once when the session was ended', async () => {
    serveApiFromAccounts();
    const lost = vi.fn();
    setSessionLostHandler(lost);
    const session = await signIn();
    const signOut = await nodeFetch(`${origin}/api/admin/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
    });
    expect(signOut.ok).toBe(true);

    const results = await Promise.allSettled([
      adminRequest('/admin/auth/profile'),
      adminRequest('/admin/accounts/stats'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(tokenStore.access()).toBeNull();
    expect(tokenStore.refresh()).toBeNull();
  });
});
