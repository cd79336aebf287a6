import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_ARGON2ID } from '../src/modules/passwords/password-hasher.ts';
import { call, createTestContext, seedAdmin, type TestContext } from './helpers/app.ts';

// Real OWASP argon2id cost here: these tests are about signing in.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('login', {
    hashing: OWASP_ARGON2ID,
    app: { loginLimits: { perUsername: 4, perAddress: 8, windowSeconds: 60 } },
  });
  await seedAdmin(ctx, { username: 'Alice', password: 'correct horse battery', role: 'super_admin' });
  await seedAdmin(ctx, { username: 'sleepy', password: 'correct horse battery', isActive: false });
});
afterAll(() => ctx.close());

const loginAs = (username: unknown, password: unknown, ip = '10.0.0.1') =>
  call(ctx.app, { method: 'POST', url: '/api/admin/auth/login', body: { username, password }, ip });

describe('POST /api/admin/auth/login', () => {
  it('answers tokens and the admin record, trimming the username and ignoring its case', async () => {
    const response = await loginAs('  alice ', 'correct horse battery', '10.0.1.1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'admin', 'expiresIn', 'refreshToken']);
    expect(body.expiresIn).toBe(900);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(Object.keys(body.admin).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'email',
        'isActive',
        'lastLogin',
        'passwordChangeRequired',
        'role',
        'username',
      ].sort(),
    );
    expect(body.admin).toMatchObject({
      username: 'Alice',
      role: 'super_admin',
      isActive: true,
      passwordChangeRequired: false,
    });
    expect(Date.parse(body.admin.lastLogin)).toBeGreaterThan(Date.now() - 60_000);

    const profile = await call(ctx.app, {
      method: 'GET',
      url: '/api/admin/auth/profile',
      token: body.accessToken,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body.admin);
  });

  it('stores passwords as argon2id with at least OWASP parameters', async () => {
    const row = await ctx.db
      .selectFrom('admins')
      .select('password_hash')
      .where('username', '=', 'Alice')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('raises a weaker stored hash to the current cost at sign-in', async () => {
    const { createPasswordHasher } = await import('../src/modules/passwords/password-hasher.ts');
    const weak = await createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    await seedAdmin({ db: ctx.db, hasher: weak }, { username: 'legacy', password: 'correct horse battery' });
    expect((await loginAs('legacy', 'correct horse battery', '10.0.6.1')).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('admins')
      .select('password_hash')
      .where('username', '=', 'legacy')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await loginAs('legacy', 'correct horse battery', '10.0.6.2')).statusCode).toBe(200);
  });

  it('answers the same generic 401 for an unknown user and for a wrong password', async () => {
    const unknown = await loginAs('nobody', 'correct horse battery', '10.0.2.1');
    const wrong = await loginAs('alice', 'wrong password!', '10.0.2.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
    });
  });

  it('takes about as long for an unknown user as for a wrong password (a dummy hash is verified)', async () => {
    const time = async (username: string, i: number) => {
      const started = process.hrtime.bigint();
      const response = await loginAs(username, 'wrong password!', `10.0.3.${i}`);
      expect(response.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved pairs, each pair's ratio taken apart: a busy machine slows a pair's two logins
    // alike, where the ratio of two medians moved by half while other test lanes ran.
    for (let i = 0; i < 15; i++) {
      unknown.push(await time(`ghost${i}`, i));
      known.push(await time('alice', 100 + i));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(unknown.map((ms, i) => ms / known[i]!));
    expect(median(known)).toBeGreaterThan(5); // argon2 really ran
    // Without the dummy hash an unknown user would answer far faster (a ratio near 0).
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('asks for both fields with the spec message when one is missing or blank', async () => {
    for (const [username, password] of [
      ['', 'x'],
      ['   ', 'correct horse battery'],
      ['alice', ''],
      [undefined, undefined],
    ]) {
      const response = await loginAs(username, password, '10.0.4.1');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter both username and password');
    }
  });

  it('tells an inactive admin, who gave the right password, that the account is deactivated', async () => {
    const response = await loginAs('sleepy', 'correct horse battery', '10.0.5.1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_INACTIVE',
      message: 'Your admin account has been deactivated. Please contact a super admin.',
    });
    const wrong = await loginAs('sleepy', 'not the password', '10.0.5.2');
    expect(wrong.statusCode).toBe(401);
  });
});

describe('sign-in rate limits', () => {
  it('limits failures per username from one address (429 with Retry-After, even for the right password)', async () => {
    await seedAdmin(ctx, { username: 'bob', password: 'correct horse battery' });
    for (let i = 0; i < 4; i++)
      expect((await loginAs('bob', 'guess-guess', '10.1.0.1')).statusCode).toBe(401);
    const limited = await loginAs('bob', 'correct horse battery', '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('lets nobody lock an admin out: failures from elsewhere never stop a right password from a clean address', async () => {
    await seedAdmin(ctx, { username: 'erin', password: 'correct horse battery' });
    // An attacker guessing from many addresses, and from one address past its limit.
    for (let i = 0; i < 6; i++) await loginAs('erin', 'guess-guess', `10.5.0.${i}`);
    for (let i = 0; i < 6; i++) await loginAs('erin', 'guess-guess', '10.5.1.1');
    expect((await loginAs('erin', 'guess-guess', '10.5.1.1')).statusCode).toBe(429);
    expect((await loginAs('erin', 'correct horse battery', '10.5.9.9')).statusCode).toBe(200);
  });

  it('counts only failures: an admin signing in again and again from one address is never limited', async () => {
    await seedAdmin(ctx, { username: 'frank', password: 'correct horse battery' });
    for (let i = 0; i < 10; i++)
      expect((await loginAs('frank', 'correct horse battery', '10.6.0.1')).statusCode).toBe(200);
  });

  it('keeps the limit per IPv6 /64, so fresh addresses of one network are one client', async () => {
    await seedAdmin(ctx, { username: 'gina', password: 'correct horse battery' });
    for (let i = 1; i <= 4; i++) await loginAs('gina', 'guess-guess', `2001:db8:1:2::${i.toString(16)}`);
    expect((await loginAs('gina', 'correct horse battery', '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await loginAs('gina', 'correct horse battery', '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('limits attempts per client address across usernames', async () => {
    for (let i = 0; i < 8; i++)
      expect((await loginAs(`user${i}`, 'guess-guess', '10.2.0.1')).statusCode).toBe(401);
    const limited = await loginAs('alice', 'correct horse battery', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await loginAs('alice', 'correct horse battery', '10.2.0.2')).statusCode).toBe(200);
  });

  it('clears the username count on a successful sign-in', async () => {
    await seedAdmin(ctx, { username: 'carol', password: 'correct horse battery' });
    for (let i = 0; i < 3; i++) await loginAs('carol', 'guess-guess', '10.3.0.1');
    expect((await loginAs('carol', 'correct horse battery', '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await loginAs('carol', 'guess-guess', '10.3.0.1')).statusCode).toBe(401);
  });

  it('holds across replicas because the counts live in Redis', async () => {
    const replica = await ctx.buildReplica({
      loginLimits: { perUsername: 4, perAddress: 8, windowSeconds: 60 },
    });
    await seedAdmin(ctx, { username: 'dave', password: 'correct horse battery' });
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? ctx.app : replica;
      await call(app, {
        method: 'POST',
        url: '/api/admin/auth/login',
        body: { username: 'dave', password: 'nope-nope' },
        ip: '10.4.0.1',
      });
    }
    const limited = await call(replica, {
      method: 'POST',
      url: '/api/admin/auth/login',
      body: { username: 'dave', password: 'correct horse battery' },
      ip: '10.4.0.1',
    });
    expect(limited.statusCode).toBe(429);
  });

  it('takes the client address the gateway appended to X-Forwarded-For, not one the client made up', async () => {
    const attempt = (forwardedFor: string, username: string, password = 'guess-guess') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username, password },
      });
    // The same client behind the gateway, inventing a different address on each try.
    for (let i = 0; i < 8; i++) await attempt(`198.51.100.${i}, 203.0.113.7`, `xff${i}`);
    expect((await attempt('192.0.2.1, 203.0.113.7', 'alice', 'correct horse battery')).statusCode).toBe(429);
    expect((await attempt('203.0.113.8', 'alice', 'correct horse battery')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a direct peer that is not a trusted gateway', async () => {
    const direct = (forwardedFor: string, username: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: '198.51.100.50',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username, password: 'guess-guess' },
      });
    for (let i = 0; i < 8; i++) await direct(`203.0.113.${100 + i}`, `direct${i}`);
    expect((await direct('203.0.113.200', 'alice')).statusCode).toBe(429);
  });
});
