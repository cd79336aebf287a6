import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
  type AuthGuards,
  type ServiceInstance,
} from '@celebstyle/service-kit';
import { createTokenSigner, type TokenSigner } from '@celebstyle/service-kit/testing';
import type { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { connectCatalogDb } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/database.ts';
import type { SharingDeps } from '../../src/modules/sharing/sharing-deps.ts';

export interface TestCatalog {
  app: ServiceInstance;
  db: Kysely<Database>;
  redis: Redis;
  prefix: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A migrated throw-away database, a Redis prefix of the file's own, and the app built on them. */
export async function startTestCatalog(
  name: string,
  options: { guards?: (redis: Redis) => AuthGuards; sharing?: SharingDeps } = {},
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
    sharing: options.sharing,
  });
  await app.ready();
  return {
    app,
    db,
    redis,
    prefix: testRedis.prefix,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await db.destroy();
      await redis.quit();
      await testRedis.cleanup();
      await database.drop();
    },
  };
}

export interface AdminTestCatalog extends TestCatalog {
  signer: TokenSigner;
  /** A valid admin access token (role admin). */
  token: string;
  /** Sends an admin request with the token (or none: `token: null`). */
  admin(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string | null,
  ): Promise<LightMyRequestResponse>;
}

/** A test catalog whose admin routes check tokens signed by a key of the test's own. */
export async function startAdminTestCatalog(
  name: string,
  options: { sharing?: SharingDeps } = {},
): Promise<AdminTestCatalog> {
  const signer = await createTokenSigner();
  const t = await startTestCatalog(name, {
    guards: (redis) =>
      createAuthGuards(
        createTokenVerifier({
          jwks: signer.jwks,
          issuer: DEFAULT_TOKEN_ISSUER,
          audience: DEFAULT_TOKEN_AUDIENCE,
        }),
        redisTokenVersions(redis),
      ),
    sharing: options.sharing,
  });
  const token = await signer.sign({ sub: crypto.randomUUID() });
  return {
    ...t,
    signer,
    token,
    admin(method, url, body, withToken = token) {
      return t.app.inject({
        method,
        url,
        headers: withToken ? { authorization: `Bearer ${withToken}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
  };
}
