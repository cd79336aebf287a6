import { createDb, createTestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, whenRedisReady } from '@celebstyle/queue';
import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
  type ServiceInstance,
} from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/index.ts';
import { createTokenSigner, type TokenSigner } from '@celebstyle/service-kit/testing';

export interface Harness {
  app: ServiceInstance;
  db: Kysely<Database>;
  redis: Redis;
  /** The test Redis's URL and key prefix (workers started by a test connect with these). */
  redisUrl: string;
  queuePrefix: string;
  signer: TokenSigner;
  close(): Promise<void>;
}

/** One test file's world: a fresh PostgreSQL database, its own Redis, the app (inject). */
export async function startHarness(name: string): Promise<Harness> {
  const database = await createTestDatabase(`lv_${name}`);
  const db = createDb<Database>({ connectionString: database.url, max: 5 });
  await migrate(db);
  const testRedis = await createTestRedis(name);
  const redis = createProducerConnection(testRedis.url);
  await whenRedisReady(redis);
  const signer = await createTokenSigner();
  const verify = createTokenVerifier({
    jwks: signer.jwks,
    issuer: DEFAULT_TOKEN_ISSUER,
    audience: DEFAULT_TOKEN_AUDIENCE,
  });
  const app = await buildApp({
    db,
    redis,
    queuePrefix: testRedis.prefix,
    guards: createAuthGuards(verify, redisTokenVersions(redis)),
    logLevel: 'silent',
    resultsCacheMaxAgeMs: { filterOptions: 0, totals: 0 },
  });
  await app.ready();
  return {
    app,
    db,
    redis,
    redisUrl: testRedis.url,
    queuePrefix: testRedis.prefix,
    signer,
    async close() {
      await app.close();
      redis.disconnect();
      await db.destroy();
      await testRedis.cleanup();
      await database.drop();
    },
  };
}
