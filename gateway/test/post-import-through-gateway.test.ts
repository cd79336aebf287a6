// The catalog workspace has no package exports; its index.ts is what other workspaces may call.
import {
  buildApp as buildCatalog,
  connectDb as connectCatalogDb,
  migrate,
} from '../../services/catalog/src/index.ts';
import { bodyLimitFor, type PostImportAnswer } from '@celebstyle/contracts';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import { createAuthGuards, redisTokenVersions, type ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';
import { createTestKeys } from './helpers/keys.ts';

const ROWS = 50_000;

/** A realistic post of an import file (about 330 bytes of JSON). */
const row = (n: number) => ({
  url: `https://wornontv.net/look-${n}/`,
  title: `Kyle Richards' Floral Midi Dress ${n}`,
  description: 'A floral midi dress with a tie waist, worn on the reunion episode.',
  celebrity: `Celebrity ${n % 300}`,
  show: `Show ${n % 40}`,
  brand: `Brand ${n % 90}`,
  productType: 'Dress',
  platform: 'wornontv',
  mainImage: `https://img.example/looks/${n}.jpg`,
  affiliateLinks: [{ text: 'Dress $49', url: `https://shop.example/products/${n}`, realUrl: null }],
});

/** The real catalog on a real database, behind the gateway over HTTP, both checking admin tokens. */
describe('POST /api/admin/posts/import through the gateway', () => {
  let database: TestDatabase;
  let testRedis: TestRedis;
  let redis: Redis;
  let db: ReturnType<typeof connectCatalogDb>;
  let catalog: ServiceInstance;
  let gateway: ServiceInstance;
  let base: string;
  let authorization: string;

  beforeAll(async () => {
    database = await createTestDatabase('gateway_post_import');
    testRedis = await createTestRedis('gateway-post-import');
    db = connectCatalogDb(database.url, { max: 4 });
    await migrate(db);
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
    const keys = await createTestKeys();
    const guards = createAuthGuards(keys.verifier, redisTokenVersions(redis));
    authorization = `Bearer ${await keys.sign()}`;
    catalog = await buildCatalog({ db, redis, keyPrefix: testRedis.prefix, guards, logLevel: 'silent' });
    // The gateway's default wait for an answer (UPSTREAM_TIMEOUT_MS).
    gateway = await buildTestGateway({
      upstreams: { catalog: await catalog.listen({ port: 0, host: '127.0.0.1' }) },
      upstreamTimeoutMs: 15_000,
      guards,
    });
    base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway?.close();
    await catalog?.close();
    await db?.destroy();
    redis?.disconnect();
    await testRedis?.cleanup();
    await database?.drop();
  });

  it('takes the catalog’s own limit, from the one table both read', () => {
    expect(bodyLimitFor('/api/admin/posts/import')).toBe(64 * 1024 * 1024);
    expect(bodyLimitFor('/api/admin/posts/import')).toBeGreaterThan(catalog.initialConfig.bodyLimit!);
  });

  it('imports 50,000 rows (about 16 MB of JSON) sent through /api', { timeout: 300_000 }, async () => {
    const body = JSON.stringify(Array.from({ length: ROWS }, (_, n) => row(n)));
    expect(body.length).toBeGreaterThan(15 * 1024 * 1024);
    const started = performance.now();
    const res = await request(`${base}/api/admin/posts/import`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body,
      headersTimeout: 300_000,
      bodyTimeout: 300_000,
    });
    const text = await res.body.text();
    console.log(`50,000-row import through the gateway: ${Math.round(performance.now() - started)} ms`);
    expect(res.statusCode, text.slice(0, 300)).toBe(200);
    expect(JSON.parse(text) as PostImportAnswer).toMatchObject({ created: ROWS, skipped: 0 });
    const stored = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(ROWS);
  });
});
