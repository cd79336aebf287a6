import { Type } from '@sinclair/typebox';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthGuards,
  createService,
  createTokenVerifier,
  redisTokenVersions,
  revokedSessionKey,
  tokenVersionKey,
  type ServiceInstance,
} from '@celebstyle/service-kit';
import {
  AUDIENCE,
  ISSUER,
  call,
  createTestContext,
  login,
  seedAdmin,
  spendRefreshTokenAt,
  type TestContext,
} from './helpers/app.ts';

let ctx: TestContext;
let other: ServiceInstance;
let rootToken: string;

/** Another service (catalog, say) guarding its admin routes with service-kit alone and the public key. */
async function buildOtherService(): Promise<ServiceInstance> {
  const verify = createTokenVerifier({
    jwks: { keys: [ctx.keys.publicJwk] },
    issuer: ISSUER,
    audience: AUDIENCE,
  });
  const guards = createAuthGuards(verify, redisTokenVersions(ctx.redis));
  const app = createService({ name: 'other', logLevel: 'silent' });
  const schema = { response: { 200: Type.Object({ ok: Type.Boolean() }) } };
  app.get('/api/admin/posts', { schema, preHandler: guards.requireAdmin }, async () => ({ ok: true }));
  app.get('/api/admin/secret', { schema, preHandler: guards.requireSuperAdmin }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

beforeAll(async () => {
  ctx = await createTestContext('revocation');
  await seedAdmin(ctx, { username: 'root', role: 'super_admin' });
  rootToken = (await login(ctx.app, 'root')).accessToken;
  other = await buildOtherService();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const elsewhere = (token: string, url = '/api/admin/posts') =>
  other.inject({ url, headers: { authorization: `Bearer ${token}` } });
const profile = (token: string) => call(ctx.app, { method: 'GET', url: '/api/admin/auth/profile', token });
const refresh = (refreshToken: string) =>
  call(ctx.app, { method: 'POST', url: '/api/admin/auth/refresh', body: { refreshToken } });
const superPut = (url: string, body?: unknown) =>
  call(ctx.app, { method: 'PUT', url, token: rootToken, body });

async function signedInAdmin(username: string, role: 'admin' | 'super_admin' = 'admin') {
  const row = await seedAdmin(ctx, { username, role });
  const session = await login(ctx.app, username);
  expect((await elsewhere(session.accessToken)).statusCode).toBe(200);
  return { row, ...session };
}

describe('revocation takes effect on the very next request', () => {
  it('after deactivation: in accounts, in another service, and for the refresh token', async () => {
    const victim = await signedInAdmin('deactivated');
    expect((await superPut(`/api/admin/accounts/${victim.row.id}/deactivate`)).statusCode).toBe(200);
    const res = await elsewhere(victim.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_REVOKED');
    expect((await profile(victim.accessToken)).statusCode).toBe(401);
    expect((await refresh(victim.refreshToken)).statusCode).toBe(401);
  });

  it('after a role change: the old token dies, a refresh gives a token with the new role', async () => {
    const victim = await signedInAdmin('demoted', 'super_admin');
    expect((await elsewhere(victim.accessToken, '/api/admin/secret')).statusCode).toBe(200);
    const res = await superPut(`/api/admin/accounts/${victim.row.id}`, {
      username: 'demoted',
      email: victim.row.email,
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect((await elsewhere(victim.accessToken, '/api/admin/secret')).statusCode).toBe(401);
    expect((await elsewhere(victim.accessToken)).statusCode).toBe(401);
    const renewed = (await refresh(victim.refreshToken)).json();
    expect((await elsewhere(renewed.accessToken)).statusCode).toBe(200);
    expect((await elsewhere(renewed.accessToken, '/api/admin/secret')).statusCode).toBe(403);
  });

  it('after a password reset: access and refresh tokens are dead', async () => {
    const victim = await signedInAdmin('reset_me');
    const res = await superPut(`/api/admin/accounts/${victim.row.id}/reset-password`, {
      newPassword: 'fresh-password',
    });
    expect(res.statusCode).toBe(200);
    expect((await elsewhere(victim.accessToken)).statusCode).toBe(401);
    expect((await refresh(victim.refreshToken)).statusCode).toBe(401);
  });

  it('after deletion', async () => {
    const victim = await signedInAdmin('deleted');
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/accounts/${victim.row.id}`,
      token: rootToken,
    });
    expect(res.statusCode).toBe(200);
    expect((await elsewhere(victim.accessToken)).statusCode).toBe(401);
    expect((await profile(victim.accessToken)).statusCode).toBe(401);
    expect(await ctx.redis.ttl(tokenVersionKey(victim.row.id))).toBeGreaterThan(0);
  });
});

describe('the end of a session ends its access tokens on the very next request', () => {
  it('after sign-out: in accounts and in another service; other sessions live on', async () => {
    const victim = await signedInAdmin('signed_out');
    const otherSession = await login(ctx.app, 'signed_out');
    const out = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/logout',
      token: victim.accessToken,
    });
    expect(out.statusCode).toBe(200);
    const res = await elsewhere(victim.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_REVOKED');
    expect((await profile(victim.accessToken)).statusCode).toBe(401);
    expect((await elsewhere(otherSession.accessToken)).statusCode).toBe(200);
    expect((await profile(otherSession.accessToken)).statusCode).toBe(200);
  });

  it('after sign-out, the refresh token is told the session ended, not that it was already used', async () => {
    const victim = await signedInAdmin('ended');
    await call(ctx.app, { method: 'POST', url: '/api/admin/auth/logout', token: victim.accessToken });
    const res = await refresh(victim.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'SESSION_ENDED',
      message: 'Your session has ended; please sign in again',
    });
  });

  it('after a refresh token is reused: every access token of that session dies', async () => {
    const victim = await signedInAdmin('reused');
    const rotated = (await refresh(victim.refreshToken)).json();
    expect((await elsewhere(rotated.accessToken)).statusCode).toBe(200);
    await spendRefreshTokenAt(ctx.db, victim.refreshToken, Date.now() - 60_000); // past the reuse grace
    expect((await refresh(victim.refreshToken)).json().code).toBe('REFRESH_TOKEN_REUSED');
    for (const token of [victim.accessToken, rotated.accessToken]) {
      expect((await elsewhere(token)).statusCode).toBe(401);
      expect((await profile(token)).statusCode).toBe(401);
    }
  });

  it('holds when Redis lost the ended sessions: accounts re-publishes them on reconnect', async () => {
    const victim = await signedInAdmin('forgotten');
    await call(ctx.app, { method: 'POST', url: '/api/admin/auth/logout', token: victim.accessToken });
    const sid = decodeJwt(victim.accessToken).sid as string;
    await ctx.redis.del(revokedSessionKey(sid));
    expect((await profile(victim.accessToken)).statusCode).toBe(401); // accounts checks its database
    ctx.redis.emit('ready');
    await expect.poll(async () => (await elsewhere(victim.accessToken)).statusCode).toBe(401);
  });
});

describe('when Redis loses the versions (it keeps nothing on disk)', () => {
  it('accounts still refuses a revoked token, and re-publishes every version on start and on reconnect', async () => {
    const deactivated = await signedInAdmin('lost_one');
    const deleted = await signedInAdmin('lost_two');
    await superPut(`/api/admin/accounts/${deactivated.row.id}/deactivate`);
    await call(ctx.app, { method: 'DELETE', url: `/api/admin/accounts/${deleted.row.id}`, token: rootToken });

    const wipe = () => ctx.redis.del(tokenVersionKey(deactivated.row.id), tokenVersionKey(deleted.row.id));
    await wipe();
    // Accounts checks its own database, so it refuses even now.
    expect((await profile(deactivated.accessToken)).statusCode).toBe(401);

    // A new accounts process (or replica) publishes all versions and recent deletions when it starts.
    await ctx.buildReplica();
    expect((await elsewhere(deactivated.accessToken)).statusCode).toBe(401);
    expect((await elsewhere(deleted.accessToken)).statusCode).toBe(401);

    // Redis restarts while accounts runs: the reconnect ('ready') triggers the same re-publish.
    await wipe();
    ctx.redis.emit('ready');
    await expect.poll(async () => (await elsewhere(deactivated.accessToken)).statusCode).toBe(401);
    await expect.poll(async () => (await elsewhere(deleted.accessToken)).statusCode).toBe(401);
  });

  it('never lowers a version: a late re-publish cannot undo a newer revocation', async () => {
    const victim = await signedInAdmin('monotonic');
    const key = tokenVersionKey(victim.row.id);
    await ctx.redis.set(key, '50');
    await ctx.buildReplica(); // publishes the database version (1), lower than 50
    expect(await ctx.redis.get(key)).toBe('50');
  });
});
