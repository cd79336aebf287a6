import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT } from '../src/modules/passwords/common-passwords.ts';
import { ensureFirstSuperAdmin } from '../src/modules/bootstrap/first-admin.ts';
import { call, createTestContext, login, seedAdmin, type TestContext } from './helpers/app.ts';

let ctx: TestContext;
let rootToken: string;
beforeAll(async () => {
  ctx = await createTestContext('password_rules');
  await seedAdmin(ctx, { username: 'root', role: 'super_admin' });
  rootToken = (await login(ctx.app, 'root')).accessToken;
});
afterAll(() => ctx.close());

const as = (token: string) => ({
  get: (url: string) => call(ctx.app, { method: 'GET', url, token }),
  post: (url: string, body?: unknown) => call(ctx.app, { method: 'POST', url, token, body }),
  put: (url: string, body?: unknown) => call(ctx.app, { method: 'PUT', url, token, body }),
});
const COMMON = 'Password is too common. Please choose a less common password.';
const PATTERN = 'Password must not be a repeated or sequential pattern such as aaaaaaaa or 12345678';
const PERSONAL = 'Password must not contain the username or email';

/** Weak passwords of an admin 'stylist' <maria.lopez@example.com>, with the refusal each gets. */
const WEAK: Array<[string, string]> = [
  ['password', COMMON],
  ['12345678', COMMON],
  ['PassWord1', COMMON],
  ['iloveyou', COMMON],
  ['aaaaaaaa', PATTERN],
  ['abcabcabcabc', PATTERN],
  ['abcdefghij', PATTERN],
  ['98765432', PATTERN],
  ['my-Stylist-2026!', PERSONAL],
  ['maria.lopez rocks 99', PERSONAL],
  ['x maria.lopez@example.com', PERSONAL],
];

describe('password rules (ASVS 6.2)', () => {
  it('use a list of at least the 10,000 most common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it('refuse common, patterned and personal passwords for a new admin (400 WEAK_PASSWORD), creating nothing', async () => {
    for (const [password, message] of WEAK) {
      const res = await as(rootToken).post('/api/admin/accounts', {
        username: 'stylist',
        email: 'maria.lopez@example.com',
        password,
        confirmPassword: password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ statusCode: 400, code: 'WEAK_PASSWORD', message });
    }
    const list = await as(rootToken).get('/api/admin/accounts?search=stylist');
    expect(list.json().admins).toEqual([]);
    const created = await as(rootToken).post('/api/admin/accounts', {
      username: 'stylist',
      email: 'maria.lopez@example.com',
      password: 'velvet lapel sunrise',
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuse a weak password on reset, held to the target admin’s own name, and keep the old one', async () => {
    const target = await seedAdmin(ctx, { username: 'Giselle', email: 'giselle.b@example.com' });
    for (const [newPassword, message] of [
      ['12345678', COMMON],
      ['giselle-2026', PERSONAL],
      ['zzzzzzzzzz', PATTERN],
    ]) {
      const res = await as(rootToken).put(`/api/admin/accounts/${target.id}/reset-password`, { newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', message });
    }
    await login(ctx.app, 'Giselle');
  });

  it('refuse a weak first super admin password from the settings', async () => {
    for (const password of ['password', 'owner-password-1']) {
      await expect(
        ensureFirstSuperAdmin(ctx.db, ctx.hasher, {
          NODE_ENV: 'production',
          ADMIN_USERNAME: 'owner',
          ADMIN_EMAIL: 'boss@example.com',
          ADMIN_PASSWORD: password,
        }),
      ).rejects.toThrow(/too common|must not contain the username/);
    }
  });
});

describe('an admin whose password has become weak', () => {
  it('signs in, works as before, and is asked to change it until they do (no lock-out)', async () => {
    await seedAdmin(ctx, { username: 'veteran', password: 'password' });
    const first = await login(ctx.app, 'veteran', 'password');
    expect(first.admin).toMatchObject({ passwordChangeRequired: true });
    const profile = await as(first.accessToken).get('/api/admin/auth/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ username: 'veteran', passwordChangeRequired: true });
    const refreshed = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/refresh',
      body: { refreshToken: first.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // Signing in again asks again.
    expect((await login(ctx.app, 'veteran', 'password')).admin).toMatchObject({
      passwordChangeRequired: true,
    });
  });

  it('changes it with PUT /api/admin/auth/password: a new session, every old one ended', async () => {
    await seedAdmin(ctx, { username: 'oldtimer', password: 'qwertyuiop' });
    const other = await login(ctx.app, 'oldtimer', 'qwertyuiop');
    const current = await login(ctx.app, 'oldtimer', 'qwertyuiop');
    const res = await as(current.accessToken).put('/api/admin/auth/password', {
      currentPassword: 'qwertyuiop',
      newPassword: 'linen jacket in july',
      confirmPassword: 'linen jacket in july',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      message: 'Password changed',
      expiresIn: 900,
      admin: { username: 'oldtimer', passwordChangeRequired: false },
    });
    expect((await as(answer.accessToken).get('/api/admin/auth/profile')).statusCode).toBe(200);
    for (const session of [other, current]) {
      expect((await as(session.accessToken).get('/api/admin/auth/profile')).statusCode).toBe(401);
      const refresh = await call(ctx.app, {
        method: 'POST',
        url: '/api/admin/auth/refresh',
        body: { refreshToken: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    }
    const again = await login(ctx.app, 'oldtimer', 'linen jacket in july');
    expect(again.admin.passwordChangeRequired).toBe(false);
    const old = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      body: { username: 'oldtimer', password: 'qwertyuiop' },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong current password, a weak or unchanged new one (400), changing nothing', async () => {
    await seedAdmin(ctx, { username: 'careful', password: 'tweed and corduroy' });
    const { accessToken } = await login(ctx.app, 'careful', 'tweed and corduroy');
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { currentPassword: 'not it at all', newPassword: 'silk scarf season' },
        'CURRENT_PASSWORD_WRONG',
        'Current password is incorrect',
      ],
      [{ currentPassword: 'tweed and corduroy', newPassword: 'sunshine' }, 'WEAK_PASSWORD', COMMON],
      [{ currentPassword: 'tweed and corduroy', newPassword: 'careful-one' }, 'WEAK_PASSWORD', PERSONAL],
      [
        { currentPassword: 'tweed and corduroy', newPassword: 'short' },
        'INVALID_PASSWORD',
        'Password must be at least 8 characters long',
      ],
      [
        { currentPassword: 'tweed and corduroy', newPassword: 'silk scarf season', confirmPassword: 'other' },
        'PASSWORD_MISMATCH',
        'Passwords do not match',
      ],
      [
        { currentPassword: 'tweed and corduroy', newPassword: 'tweed and corduroy' },
        'INVALID_PASSWORD',
        'New password must be different from the current password',
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await as(accessToken).put('/api/admin/auth/password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    }
    expect((await as(accessToken).get('/api/admin/auth/profile')).statusCode).toBe(200);
    await login(ctx.app, 'careful', 'tweed and corduroy');
  });

  it('counts wrong current passwords against the sign-in limits', async () => {
    await seedAdmin(ctx, { username: 'guessed', password: 'cashmere in winter' });
    const { accessToken } = await login(ctx.app, 'guessed', 'cashmere in winter');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await as(accessToken).put('/api/admin/auth/password', {
        currentPassword: `guess number ${i}`,
        newPassword: 'boucle blazer days',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('needs a signed-in admin', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/admin/auth/password',
      body: { currentPassword: 'x', newPassword: 'velvet lapel sunrise' },
    });
    expect(res.statusCode).toBe(401);
  });
});
