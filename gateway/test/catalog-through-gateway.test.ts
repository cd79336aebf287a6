// The catalog workspace has no package exports; its index.ts is what other workspaces may call.
import {
  buildApp as buildCatalog,
  connectDb as connectCatalogDb,
  migrate,
  seed,
} from '../../services/catalog/src/index.ts';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import type { ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

interface PostList {
  posts: Array<{ _id: string; status: string; affiliateLinks: unknown[] }>;
  pagination: {
    currentPage: number;
    totalPages: number;
    totalPosts: number;
    hasNextPage: boolean;
    hasPrevPage: boolean;
  };
}

/** The real catalog service on a real PostgreSQL database, reached through the gateway over HTTP. */
describe('catalog reads through the gateway', () => {
  let database: TestDatabase;
  let testRedis: TestRedis;
  let redis: Redis;
  let db: ReturnType<typeof connectCatalogDb>;
  let catalog: ServiceInstance;
  let gateway: ServiceInstance;

  beforeAll(async () => {
    database = await createTestDatabase('gateway_catalog');
    testRedis = await createTestRedis('gateway-catalog');
    db = connectCatalogDb(database.url, { max: 4 });
    await migrate(db);
    await seed(db, { posts: 60 });
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
    catalog = await buildCatalog({ db, redis, keyPrefix: testRedis.prefix, logLevel: 'silent' });
    const catalogUrl = await catalog.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildTestGateway({ upstreams: { catalog: catalogUrl } });
  });
  afterAll(async () => {
    await gateway?.close();
    await catalog?.close();
    await db?.destroy();
    redis?.disconnect();
    await testRedis?.cleanup();
    await database?.drop();
  });

  it('GET /api/posts answers approved posts and pagination', async () => {
    const res = await gateway.inject({ url: '/api/posts?page=1&limit=5&sort=createdAt&order=desc' });
    expect(res.statusCode).toBe(200);
    const body = res.json<PostList>();
    expect(body.posts).toHaveLength(5);
    expect(body.posts.every((p) => p.status === 'approved')).toBe(true);
    expect(body.pagination).toMatchObject({ currentPage: 1, hasPrevPage: false, hasNextPage: true });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('GET /api/posts/{id} answers one approved post, 404 JSON for an unknown one, 400 for a malformed id', async () => {
    const list = (await gateway.inject({ url: '/api/posts?limit=1' })).json<PostList>();
    const id = list.posts[0]!._id;
    const one = await gateway.inject({ url: `/api/posts/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: id, status: 'approved' });

    const unknown = await gateway.inject({ url: '/api/posts/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: expect.any(String) });

    const malformed = await gateway.inject({ url: '/api/posts/not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400 });
  });

  it('passes caching headers through, and a 304 for a matching If-None-Match', async () => {
    const first = await gateway.inject({ url: '/api/posts?limit=3' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBeTruthy();
    const again = await gateway.inject({
      url: '/api/posts?limit=3',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('passes the service 400 for bad query values on unchanged', async () => {
    for (const query of ['limit=-1', 'limit=100000', 'page=abc', 'sort=anything']) {
      const res = await gateway.inject({ url: `/api/posts?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBeTruthy();
    }
  });
});
