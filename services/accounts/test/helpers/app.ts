import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import type { ServiceInstance } from '@celebstyle/service-kit';
import { buildApp, type AccountsAppDeps } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate, schema as ACCOUNTS_SCHEMA } from '../../src/db/migrate.ts';
import { generateSigningKeyPair, type GeneratedKeyPair } from '../../src/keys/generate-key-pair.ts';
import { importSigningKey, type SigningKey } from '../../src/keys/signing-key.ts';
import { insertAdmin } from '../../src/modules/admins/admins.repository.ts';
import { hashRefreshToken } from '../../src/modules/tokens/refresh-token.ts';
import {
  createPasswordHasher,
  type HashingCost,
  type PasswordHasher,
} from '../../src/modules/passwords/password-hasher.ts';

/**
 * Cheap argon2id for tests that are not about hashing (explicit, never the default). Login and
 * hashing tests use OWASP_ARGON2ID.
 */
export const CHEAP_ARGON2ID: HashingCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export const ISSUER = 'celebstyle-accounts';
export const AUDIENCE = 'celebstyle-admin';

export interface TestContext {
  app: ServiceInstance;
  db: Kysely<Database>;
  redis: Redis;
  keys: GeneratedKeyPair;
  signingKey: SigningKey;
  hasher: PasswordHasher;
  /** Another instance of the app on the same database and Redis, like a second replica. */
  buildReplica(overrides?: Partial<AccountsAppDeps>): Promise<ServiceInstance>;
  close(): Promise<void>;
}

export async function createTestContext(
  name: string,
  options: { hashing?: HashingCost; app?: Partial<AccountsAppDeps> } = {},
): Promise<TestContext> {
  const database: TestDatabase = await createTestDatabase(`accounts_${name}`);
  const testRedis: TestRedis = await createTestRedis(`accounts-${name}`);
  const db = createDb<Database>({ connectionString: database.url, schema: ACCOUNTS_SCHEMA, max: 5 });
  await migrate(db);
  // Every key this file writes carries its own prefix, so parallel test files never meet.
  const redis = createProducerConnection(testRedis.url, { keyPrefix: `${testRedis.prefix}:` });
  const keys = await generateSigningKeyPair();
  const signingKey = await importSigningKey(keys.privateJwk);
  const hasher = await createPasswordHasher(options.hashing ?? CHEAP_ARGON2ID);
  const replicas: ServiceInstance[] = [];
  const buildReplica = async (overrides: Partial<AccountsAppDeps> = {}) => {
    const instance = await buildApp({
      db,
      redis,
      signingKey,
      jwks: null,
      issuer: ISSUER,
      audience: AUDIENCE,
      hasher,
      logLevel: 'silent',
      ...options.app,
      ...overrides,
    });
    await instance.ready();
    replicas.push(instance);
    return instance;
  };
  const app = await buildReplica();
  return {
    app,
    db,
    redis,
    keys,
    signingKey,
    hasher,
    buildReplica,
    async close() {
      for (const instance of replicas) await instance.close();
      await db.destroy();
      redis.disconnect();
      await testRedis.cleanup();
      await database.drop();
    },
  };
}

export async function seedAdmin(
  ctx: Pick<TestContext, 'db' | 'hasher'>,
  admin: {
    username: string;
    password?: string;
    email?: string;
    role?: 'admin' | 'super_admin';
    isActive?: boolean;
  },
) {
  const row = await insertAdmin(ctx.db, {
    username: admin.username,
    email: admin.email ?? `${admin.username.toLowerCase()}@example.com`,
    passwordHash: await ctx.hasher.hash(admin.password ?? 'correct horse battery'),
    role: admin.role ?? 'admin',
  });
  if (admin.isActive === false) {
    await ctx.db.updateTable('admins').set({ is_active: false }).where('id', '=', row.id).execute();
  }
  return row;
}

/** Dates a refresh token's first use, as if it had been rotated at `at` (the reuse grace runs from it). */
export async function spendRefreshTokenAt(db: Kysely<Database>, refreshToken: string, at: number) {
  await db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(at) })
    .where('token_hash', '=', hashRefreshToken(refreshToken))
    .execute();
}

const LEAKS = /\$argon2|password_?hash|token_?version|token_?hash|"ver"/i;

/** Every answer in these tests goes through here: none may carry a hash or token internals. */
export function assertNoSecrets(body: string): void {
  expect(body).not.toMatch(LEAKS);
}

export async function call(
  app: ServiceInstance,
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    token?: string;
    body?: unknown;
    ip?: string;
  },
) {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
    payload: request.body as Record<string, unknown> | undefined,
    remoteAddress: request.ip,
  });
  assertNoSecrets(response.body);
  return response;
}

export async function login(app: ServiceInstance, username: string, password = 'correct horse battery') {
  const response = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    body: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    accessToken: string;
    refreshToken: string;
    admin: { _id: string; passwordChangeRequired: boolean };
  };
}
