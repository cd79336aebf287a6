import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { Redis } from 'ioredis';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letTimePass } from '../src/testing/wait-for.ts';
import {
  createAuthGuards,
  createService,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  readJwks,
  redisTokenVersions,
  revokedSessionKey,
  tokenVersionKey,
  type ServiceInstance,
} from '../src/index.ts';

let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let publicJwk: JWK;
let testRedis: TestRedis;
let redis: Redis;
let app: ServiceInstance;

async function token(
  overrides: {
    aud?: string;
    iss?: string;
    typ?: string;
    exp?: string | number;
    role?: string;
    ver?: number;
    sub?: string;
    sid?: string;
  } = {},
) {
  return new SignJWT({
    username: 'kim',
    role: overrides.role ?? 'admin',
    ver: overrides.ver ?? 1,
    sid: overrides.sid ?? 'session-1',
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: overrides.typ ?? 'at+jwt', kid: 'k1' })
    .setSubject(overrides.sub ?? 'admin-1')
    .setIssuer(overrides.iss ?? DEFAULT_TOKEN_ISSUER)
    .setAudience(overrides.aud ?? DEFAULT_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? '15m')
    .sign(privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'EdDSA' };
  testRedis = await createTestRedis('auth');
  redis = new Redis(testRedis.url, { keyPrefix: testRedis.prefix });
  const verify = createTokenVerifier({
    jwks: readJwks(JSON.stringify({ keys: [publicJwk] }), undefined),
    issuer: DEFAULT_TOKEN_ISSUER,
    audience: DEFAULT_TOKEN_AUDIENCE,
  });
  const guards = createAuthGuards(verify, redisTokenVersions(redis));
  app = createService({ name: 'auth-test', logLevel: 'silent' });
  app.get('/admin-only', { preHandler: guards.requireAdmin }, async (request) => ({ admin: request.admin }));
  app.get('/super-only', { preHandler: guards.requireSuperAdmin }, async () => ({ ok: true }));
});

afterAll(async () => {
  await app.close();
  await redis.quit();
  await testRedis.cleanup();
});

const call = async (url: string, bearer?: string) => {
  const res = await app.inject({ url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  return { status: res.statusCode, body: res.json() };
};

describe('requireAdmin and requireSuperAdmin', () => {
  it('let a valid token through and expose the admin', async () => {
    const res = await call('/admin-only', await token());
    expect(res.status).toBe(200);
    expect(res.body.admin).toEqual({
      id: 'admin-1',
      username: 'kim',
      role: 'admin',
      tokenVersion: 1,
      sessionId: 'session-1',
    });
  });

  it('reject a missing token', async () => {
    expect(await call('/admin-only')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('reject an expired token with its own code', async () => {
    const expired = await token({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect(await call('/admin-only', expired)).toMatchObject({
      status: 401,
      body: { code: 'TOKEN_EXPIRED' },
    });
  });

  it('refuse a token that passed while it was valid once its expiry comes (it is remembered only that long)', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await token({ sub: 'admin-4', exp });
    expect((await call('/admin-only', shortLived)).status).toBe(200);
    // the token's expiry coming is the behaviour under test
    await letTimePass(exp * 1000 - Date.now() + 50);
    expect(await call('/admin-only', shortLived)).toMatchObject({
      status: 401,
      body: { code: 'TOKEN_EXPIRED' },
    });
  });

  it('reject wrong audience, wrong issuer and a refresh-looking token type', async () => {
    for (const bad of [
      await token({ aud: 'someone-else' }),
      await token({ iss: 'evil' }),
      await token({ typ: 'JWT' }),
    ]) {
      expect(await call('/admin-only', bad)).toMatchObject({ status: 401, body: { code: 'TOKEN_INVALID' } });
    }
  });

  it('reject alg=none and a tampered payload', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: 'admin-1',
        username: 'kim',
        role: 'super_admin',
        ver: 1,
        iss: DEFAULT_TOKEN_ISSUER,
        aud: DEFAULT_TOKEN_AUDIENCE,
        exp: 9999999999,
        iat: 1,
      }),
    ).toString('base64url');
    expect((await call('/admin-only', `${header}.${payload}.`)).status).toBe(401);

    const [h, , s] = (await token()).split('.');
    expect((await call('/admin-only', `${h}.${payload}.${s}`)).status).toBe(401);
  });

  it('reject a token signed by another key', async () => {
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ username: 'kim', role: 'super_admin', ver: 1 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' })
      .setSubject('admin-1')
      .setIssuer(DEFAULT_TOKEN_ISSUER)
      .setAudience(DEFAULT_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(other.privateKey);
    expect((await call('/super-only', forged)).status).toBe(401);
  });

  it('answer 403 to an admin on a super-admin route', async () => {
    expect(await call('/super-only', await token())).toMatchObject({ status: 403 });
    expect((await call('/super-only', await token({ role: 'super_admin' }))).status).toBe(200);
  });

  it('reject a token at once when the admin token version was raised, though its signature check is remembered', async () => {
    const before = await token({ sub: 'admin-2', ver: 3 });
    expect((await call('/admin-only', before)).status).toBe(200);
    expect((await call('/admin-only', before)).status).toBe(200);
    await redis.set(tokenVersionKey('admin-2'), '4');
    expect(await call('/admin-only', before)).toMatchObject({ status: 401, body: { code: 'TOKEN_REVOKED' } });
    expect((await call('/admin-only', await token({ sub: 'admin-2', ver: 4 }))).status).toBe(200);
  });

  it('reject at once every token of a sign-in session that was ended, and only those', async () => {
    const ended = await token({ sub: 'admin-3', sid: 'session-ended' });
    const other = await token({ sub: 'admin-3', sid: 'session-other' });
    expect((await call('/admin-only', ended)).status).toBe(200);
    expect((await call('/admin-only', ended)).status).toBe(200);
    await redis.set(revokedSessionKey('session-ended'), '1');
    expect(await call('/admin-only', ended)).toMatchObject({ status: 401, body: { code: 'TOKEN_REVOKED' } });
    expect((await call('/admin-only', other)).status).toBe(200);
  });

  it('reject a token that names no sign-in session', async () => {
    const noSession = await new SignJWT({ username: 'kim', role: 'admin', ver: 1 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' })
      .setSubject('admin-1')
      .setIssuer(DEFAULT_TOKEN_ISSUER)
      .setAudience(DEFAULT_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(privateKey);
    expect(await call('/admin-only', noSession)).toMatchObject({
      status: 401,
      body: { code: 'TOKEN_INVALID' },
    });
  });

  it('refuse a JWK set that carries a private key', async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const privateJwk = await exportJWK(pair.privateKey);
    expect(() => readJwks(JSON.stringify({ keys: [privateJwk] }), undefined)).toThrow(/public keys only/);
  });
});
