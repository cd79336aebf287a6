import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
} from '@celebstyle/service-kit';
import {
  createTokenSigner,
  startTestService,
  type TestService,
  type TokenSigner,
} from '@celebstyle/service-kit/testing';
import { buildApp } from '../../src/app.ts';
import { connectDb } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import * as migration from '../../src/db/migrate.ts';

export interface Harness extends TestService<Database> {
  signer: TokenSigner;
}

/** One test file's world: a fresh PostgreSQL database, its own Redis prefix, the app (inject). */
export async function startHarness(name: string): Promise<Harness> {
  const signer = await createTokenSigner();
  const verify = createTokenVerifier({
    jwks: signer.jwks,
    issuer: DEFAULT_TOKEN_ISSUER,
    audience: DEFAULT_TOKEN_AUDIENCE,
  });
  const service = await startTestService({
    name: `lv-${name}`,
    migration,
    connectDb,
    build: ({ db, redis, keyPrefix }) =>
      buildApp({
        db,
        redis,
        keyPrefix,
        guards: createAuthGuards(verify, redisTokenVersions(redis)),
        logLevel: 'silent',
        resultsCacheMaxAgeMs: { filterOptions: 0, totals: 0 },
      }),
  });
  return Object.assign(service, { signer });
}
