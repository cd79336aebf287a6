import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import type { AuthGuards, ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app.ts';
import { connectCatalogDb } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate-to-latest.ts';
import type { CatalogDatabase } from '../src/db/schema.ts';

export interface TestCatalog {
  app: ServiceInstance;
  db: Kysely<CatalogDatabase>;
  redis: Redis;
  prefix: string;
  close(): Promise<void>;
}

/** A migrated throw-away database, a Redis prefix of the file's own, and the app built on them. */
export async function startTestCatalog(
  name: string,
  options: { guards?: (redis: Redis) => AuthGuards } = {},
): Promise<TestCatalog> {
  const database: TestDatabase = await createTestDatabase(`catalog_${name}`);
  const testRedis: TestRedis = await createTestRedis(`catalog-${name}`);
  const db = connectCatalogDb(database.url, { max: 5 });
  await migrate(db);
  const redis = createProducerConnection(testRedis.url, { lazyConnect: true });
  await redis.connect();
  const app = await buildApp({
    db,
    redis,
    keyPrefix: testRedis.prefix,
    logLevel: 'silent',
    guards: options.guards?.(redis) ?? null,
  });
  await app.ready();
  return {
    app,
    db,
    redis,
    prefix: testRedis.prefix,
    async close() {
      await app.close();
      await db.destroy();
      await redis.quit();
      await testRedis.cleanup();
      await database.drop();
    },
  };
}
