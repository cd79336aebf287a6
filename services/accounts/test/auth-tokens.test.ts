import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@celebstyle/service-kit';
import { AccountsSettings } from '../src/config.ts';
import { generateSigningKeyPair } from '../src/keys/generate-key-pair.ts';
import { importSigningKey } from '../src/keys/signing-key.ts';
import { craftToken, unsignedToken } from './helpers/craft-token.ts';
import {
  call,
  createTestContext,
  login,
  seedAdmin,
  spendRefreshTokenAt,
  type TestContext,
} from './helpers/app.ts';

let ctx: TestContext;
let aliceId: string;
beforeAll(async () => {
  ctx = await createTestContext('tokens');
  aliceId = (await seedAdmin(ctx, { username: 'alice', role: 'super_admin' })).id;
});
afterAll(() => ctx.close());

const refresh = (refreshToken: string) =>
  call(ctx.app, { method: 'POST', url: '/api/admin/auth/refresh', body: { refreshToken } });
const spendAt = (refreshToken: string, at: number) => spendRefreshTokenAt(ctx.db, refreshToken, at);
const profile = (token: string) => call(ctx.app, { method: 'GET', url: '/api/admin/auth/profile', token });

describe('access tokens', () => {
  it('are EdDSA at+jwt tokens for 15 minutes with issuer, audience and the admin claims', async () => {
    const { accessToken } = await login(ctx.app, 'alice');
    expect(decodeProtectedHeader(accessToken)).toEqual({
      alg: 'EdDSA',
      typ: 'at+jwt',
      kid: ctx.keys.privateJwk.kid,
    });
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({
      sub: aliceId,
      username: 'alice',
      role: 'super_admin',
      iss: 'celebstyle-accounts',
      aud: 'celebstyle-admin',
    });
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('live as long as ACCESS_TOKEN_TTL_SECONDS says, which may only shorten the 15 minutes', async () => {
    const shortLived = await ctx.buildReplica({ accessTokenTtlSeconds: 60 });
    const signIn = (await login(shortLived, 'alice')) as { accessToken: string; expiresIn?: number };
    const claims = decodeJwt(signIn.accessToken);
    expect(claims.exp! - claims.iat!).toBe(60);
    expect(signIn.expiresIn).toBe(60);

    expect(loadConfig(AccountsSettings, {}).ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(loadConfig(AccountsSettings, { ACCESS_TOKEN_TTL_SECONDS: '5' }).ACCESS_TOKEN_TTL_SECONDS).toBe(5);
    for (const bad of ['901', '0', 'soon']) {
      expect(() => loadConfig(AccountsSettings, { ACCESS_TOKEN_TTL_SECONDS: bad })).toThrow(
        /ACCESS_TOKEN_TTL_SECONDS is malformed/,
      );
    }
  });

  it('are never cached: sign-in, refresh, profile and account answers carry Cache-Control: no-store', async () => {
    const signIn = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      body: { username: 'alice', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const { accessToken, refreshToken } = signIn.json();
    const answers = [
      signIn,
      await refresh(refreshToken),
      await profile(accessToken),
      await call(ctx.app, { method: 'GET', url: '/api/admin/accounts', token: accessToken }),
      await call(ctx.app, { method: 'GET', url: '/api/admin/accounts/stats', token: accessToken }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('rejects a missing token and a malformed header', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/auth/profile' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      url: '/api/admin/auth/profile',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects an expired token with TOKEN_EXPIRED', async () => {
    const token = await craftToken({
      key: ctx.signingKey.privateKey,
      kid: ctx.signingKey.kid,
      sub: aliceId,
      expiresAt: Math.floor(Date.now() / 1000) - 5,
    });
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('rejects a tampered token (claims changed after signing)', async () => {
    const { accessToken } = await login(ctx.app, 'alice');
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, username: 'mallory' })).toString('base64url');
    const res = await profile(`${header}.${forged}.${signature}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('rejects alg=none, wrong audience, wrong issuer, wrong type, a foreign key and HS256 with the public key', async () => {
    const foreign = await importSigningKey((await generateSigningKeyPair()).privateJwk);
    const base = { key: ctx.signingKey.privateKey, kid: ctx.signingKey.kid, sub: aliceId };
    const candidates = [
      unsignedToken(aliceId),
      await craftToken({ ...base, audience: 'someone-else' }),
      await craftToken({ ...base, issuer: 'evil-issuer' }),
      await craftToken({ ...base, typ: 'JWT' }),
      await craftToken({ ...base, key: foreign.privateKey }), // same kid, other key
      await craftToken({ ...base, alg: 'HS256', key: new TextEncoder().encode(ctx.keys.publicJwk.x!) }),
    ];
    for (const token of candidates) {
      const res = await profile(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    // The control: a hand-made token with the right key and claims is accepted.
    expect((await profile(await craftToken(base))).statusCode).toBe(200);
  });
});

describe('POST /api/admin/auth/refresh', () => {
  it('rotates: answers a new access token and a new refresh token, and the old one is spent', async () => {
    const first = await login(ctx.app, 'alice');
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
    expect(body.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(body.accessToken)).statusCode).toBe(200);
    expect(decodeJwt(body.accessToken).sid).toBe(decodeJwt(first.accessToken).sid);
    const next = await refresh(body.refreshToken);
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back after the grace window', async () => {
    const first = await login(ctx.app, 'alice');
    const second = (await refresh(first.refreshToken)).json();
    await spendAt(first.refreshToken, Date.now() - 21_000); // rotated 21 s ago: the 20 s grace is over
    const reuse = await refresh(first.refreshToken); // the thief (or the victim) replays it
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    const afterReuse = await refresh(second.refreshToken); // the newest token of the family is dead too
    expect(afterReuse.statusCode).toBe(401);
    expect((await profile(second.accessToken)).statusCode).toBe(401); // its access token too
    // Other sessions of the same admin are untouched.
    const other = await login(ctx.app, 'alice');
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('redeems a just-rotated refresh token again within the grace window, keeping the session', async () => {
    const first = await login(ctx.app, 'alice');
    const tabA = (await refresh(first.refreshToken)).json();
    await spendAt(first.refreshToken, Date.now() - 19_000); // rotated 19 s ago: still within 20 s
    const tabB = await refresh(first.refreshToken); // the second tab, with the token both had read
    expect(tabB.statusCode).toBe(200);
    const b = tabB.json();
    expect(b.refreshToken).not.toBe(tabA.refreshToken);
    expect(decodeJwt(b.accessToken).sid).toBe(decodeJwt(first.accessToken).sid);
    // both tabs' new tokens work, and the session goes on rotating
    expect((await profile(tabA.accessToken)).statusCode).toBe(200);
    expect((await profile(b.accessToken)).statusCode).toBe(200);
    expect((await refresh(tabA.refreshToken)).statusCode).toBe(200);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
    // the window runs from the token's first use: redeeming it within the grace did not extend it
    await spendAt(first.refreshToken, Date.now() - 21_000);
    expect((await refresh(first.refreshToken)).json().code).toBe('REFRESH_TOKEN_REUSED');
  });

  it('keeps the session when two refreshes with the same token arrive at once', async () => {
    const { refreshToken } = await login(ctx.app, 'alice');
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json() as { refreshToken: string });
    expect(a!.refreshToken).not.toBe(b!.refreshToken);
    expect((await refresh(a!.refreshToken)).statusCode).toBe(200);
    expect((await refresh(b!.refreshToken)).statusCode).toBe(200);
  });

  it('gives no grace to a token of a session that was signed out', async () => {
    const first = await login(ctx.app, 'alice');
    const second = (await refresh(first.refreshToken)).json();
    const signOut = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/logout',
      token: second.accessToken,
      body: { refreshToken: second.refreshToken },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });

  it('with REFRESH_REUSE_GRACE_SECONDS=0, ends the session at the first reuse', async () => {
    const strict = await ctx.buildReplica({ refreshReuseGraceSeconds: 0 });
    const first = await login(strict, 'alice');
    const rotate = (token: string) =>
      call(strict, { method: 'POST', url: '/api/admin/auth/refresh', body: { refreshToken: token } });
    const second = (await rotate(first.refreshToken)).json();
    expect((await rotate(first.refreshToken)).json().code).toBe('REFRESH_TOKEN_REUSED');
    expect((await rotate(second.refreshToken)).statusCode).toBe(401);

    expect(loadConfig(AccountsSettings, {}).REFRESH_REUSE_GRACE_SECONDS).toBe(20);
    expect(
      loadConfig(AccountsSettings, { REFRESH_REUSE_GRACE_SECONDS: '0' }).REFRESH_REUSE_GRACE_SECONDS,
    ).toBe(0);
    for (const bad of ['-1', '301', 'soon']) {
      expect(() => loadConfig(AccountsSettings, { REFRESH_REUSE_GRACE_SECONDS: bad })).toThrow(
        /REFRESH_REUSE_GRACE_SECONDS is malformed/,
      );
    }
  });

  it('rejects unknown, expired and malformed refresh tokens', async () => {
    expect((await refresh('A'.repeat(43))).json().code).toBe('REFRESH_TOKEN_INVALID');
    const { refreshToken } = await login(ctx.app, 'alice');
    await ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const missing = await call(ctx.app, { method: 'POST', url: '/api/admin/auth/refresh', body: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('stores refresh tokens only as SHA-256 hashes', async () => {
    const { refreshToken } = await login(ctx.app, 'alice');
    const rows = await ctx.db.selectFrom('refresh_tokens').select('token_hash').execute();
    const raw = Buffer.from(refreshToken, 'base64url');
    for (const row of rows) {
      expect(row.token_hash.length).toBe(32);
      expect(row.token_hash.equals(raw)).toBe(false);
      expect(row.token_hash.toString('utf8')).not.toContain(refreshToken);
    }
  });
});

describe('POST /api/admin/auth/logout', () => {
  it('revokes the session of the access token, with or without a body', async () => {
    const session = await login(ctx.app, 'alice');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('also revokes the session of a refresh token sent in the body', async () => {
    const a = await login(ctx.app, 'alice');
    const b = await login(ctx.app, 'alice');
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/logout',
      token: a.accessToken,
      body: { refreshToken: b.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
  });

  it('takes a request with no body at all', async () => {
    const session = await login(ctx.app, 'alice');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('needs a valid access token', async () => {
    expect((await call(ctx.app, { method: 'POST', url: '/api/admin/auth/logout' })).statusCode).toBe(401);
  });
});

describe('when Redis is down', () => {
  it('answers 503 to sign-in and to guarded routes instead of hanging or failing open', async () => {
    const { createProducerConnection } = await import('@celebstyle/queue');
    const deadRedis = createProducerConnection('redis://127.0.0.1:1', { retryStrategy: () => null });
    deadRedis.on('error', () => {});
    const { accessToken } = await login(ctx.app, 'alice');
    const replica = await ctx.buildReplica({ redis: deadRedis });
    try {
      const signIn = await call(replica, {
        method: 'POST',
        url: '/api/admin/auth/login',
        body: { username: 'alice', password: 'correct horse battery' },
      });
      expect(signIn.statusCode).toBe(503);
      const read = await call(replica, { method: 'GET', url: '/api/admin/auth/profile', token: accessToken });
      expect(read.statusCode).toBe(503);
    } finally {
      deadRedis.disconnect();
    }
  });
});
