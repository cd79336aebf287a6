import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
  type AuthGuards,
  type ServiceInstance,
} from '@celebstyle/service-kit';
import { createTokenSigner, startTestService, type TokenSigner } from '@celebstyle/service-kit/testing';
import type { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { connectDb } from '../../src/db/connect.ts';
import * as migration from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/database.ts';
import type { SharingDeps } from '../../src/modules/sharing/sharing-deps.ts';

export interface TestCatalog {
  app: ServiceInstance;
  db: Kysely<Database>;
  redis: Redis;
  keyPrefix: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A migrated throw-away database, a Redis prefix of the file's own, and the app built on them. */
export async function startTestCatalog(
  name: string,
  options: { guards?: (redis: Redis) => AuthGuards; sharing?: SharingDeps } = {},
): Promise<TestCatalog> {
  const service = await startTestService({
    name: `catalog-${name}`,
    migration,
    connectDb,
    build: ({ db, redis, keyPrefix }) =>
      buildApp({
        db,
        redis,
        keyPrefix,
        logLevel: 'silent',
        guards: options.guards?.(redis) ?? null,
        sharing: options.sharing,
      }),
  });
  return service;
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
