import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection } from '@celebstyle/queue';
import type { ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connectDb } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Database } from '../src/db/database.ts';
import { addPosts } from './helpers/post-fixtures.ts';

let database: TestDatabase;
let db: Kysely<Database>;
let redis: Redis;
let app: ServiceInstance;
let closedPort: number;

beforeAll(async () => {
  database = await createTestDatabase('catalog_redis_down');
  db = connectDb(database.url, { max: 3 });
  await migrate(db);
  // A port that was just free: nothing answers there, so Redis is "down".
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  redis = createProducerConnection(`redis://127.0.0.1:${closedPort}`, {
    lazyConnect: true,
    retryStrategy: () => null,
  });
  app = await buildApp({ db, redis, keyPrefix: 'down', logLevel: 'silent' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  redis.disconnect();
  await db.destroy();
  await database.drop();
});

describe('catalog reads while Redis is down', () => {
  it('still answers the listing and a post from PostgreSQL, without hanging', async () => {
    const [id] = await addPosts(db, [{ title: 'Still here' }]);
    const started = Date.now();
    const list = await app.inject({ method: 'GET', url: '/api/posts' });
    expect(list.statusCode).toBe(200);
    expect(list.json().posts.map((p: { title: string }) => p.title)).toEqual(['Still here']);
    const post = await app.inject({ method: 'GET', url: `/api/posts/${id}` });
    expect(post.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stays ready, reporting Redis as failing: its reads still work, and every pod shares that Redis', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', checks: { postgres: 'ok', redis: 'failing' } });
  });
});
