import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { ServiceInstance } from '@celebstyle/service-kit';
import { startTestService, type TestService } from '@celebstyle/service-kit/testing';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { connectDb } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import * as migration from '../../src/db/migrate.ts';
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

export interface TestContext extends TestService<Database> {
  keys: GeneratedKeyPair;
  signingKey: SigningKey;
  hasher: PasswordHasher;
  /** Another instance of the app on the same database and Redis, like a second replica. */
  buildReplica(overrides?: Partial<AppDeps>): Promise<ServiceInstance>;
}

export async function createTestContext(
  name: string,
  options: { hashing?: HashingCost; app?: Partial<AppDeps> } = {},
): Promise<TestContext> {
  const keys = await generateSigningKeyPair();
  const signingKey = await importSigningKey(keys.privateJwk);
  const hasher = await createPasswordHasher(options.hashing ?? CHEAP_ARGON2ID);
  const build = (stores: Pick<AppDeps, 'db' | 'redis' | 'keyPrefix'>, overrides: Partial<AppDeps> = {}) =>
    buildApp({
      ...stores,
      signingKey,
      jwks: null,
      issuer: ISSUER,
      audience: AUDIENCE,
      hasher,
      logLevel: 'silent',
      ...options.app,
      ...overrides,
    });
  const service = await startTestService({
    name: `accounts-${name}`,
    migration,
    connectDb,
    // Token-version keys are shared across deployments (unprefixed): this file's own prefix on every key.
    prefixEveryKey: true,
    build,
  });
  const buildReplica = async (overrides: Partial<AppDeps> = {}) => {
    const instance = await build(service, overrides);
    await instance.ready();
    service.onClose(() => instance.close());
    return instance;
  };
  return Object.assign(service, { keys, signingKey, hasher, buildReplica });
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
