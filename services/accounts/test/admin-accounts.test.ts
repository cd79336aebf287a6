import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, login, seedAdmin, type TestContext } from './helpers/app.ts';

let ctx: TestContext;
let root: { id: string; token: string };
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext('crud');
  const rootRow = await seedAdmin(ctx, { username: 'root', role: 'super_admin' });
  await seedAdmin(ctx, { username: 'plain', role: 'admin' });
  root = { id: rootRow.id, token: (await login(ctx.app, 'root')).accessToken };
  adminToken = (await login(ctx.app, 'plain')).accessToken;
});
afterAll(() => ctx.close());

const as = (token: string) => ({
  get: (url: string) => call(ctx.app, { method: 'GET', url, token }),
  post: (url: string, body?: unknown) => call(ctx.app, { method: 'POST', url, token, body }),
  put: (url: string, body?: unknown) => call(ctx.app, { method: 'PUT', url, token, body }),
  delete: (url: string) => call(ctx.app, { method: 'DELETE', url, token }),
});
const superAdmin = () => as(root.token);
const newAdmin = (username: string, extra: Record<string, unknown> = {}) =>
  superAdmin().post('/api/admin/accounts', {
    username,
    email: `${username}@example.com`,
    password: 'a-long-password',
    ...extra,
  });

describe('who reaches /api/admin/accounts', () => {
  it('answers 401 without a token and 403 with the spec message to a plain admin, on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/admin/accounts'],
      ['GET', '/api/admin/accounts/stats'],
      ['POST', '/api/admin/accounts'],
      ['PUT', `/api/admin/accounts/${root.id}`],
      ['DELETE', `/api/admin/accounts/${root.id}`],
      ['PUT', `/api/admin/accounts/${root.id}/activate`],
      ['PUT', `/api/admin/accounts/${root.id}/deactivate`],
      ['PUT', `/api/admin/accounts/${root.id}/reset-password`],
    ];
    for (const [method, url] of routes) {
      expect((await call(ctx.app, { method, url })).statusCode, url).toBe(401);
      const forbidden = await call(ctx.app, { method, url, token: adminToken, body: {} });
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().message).toBe('You need super admin privileges to access this page');
    }
    expect((await as(adminToken).get('/api/admin/auth/profile')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/accounts', () => {
  it('creates an admin (role defaults to admin) who can then sign in', async () => {
    const res = await newAdmin('Newbie', { email: ' NewBie@Example.COM ' });
    expect(res.statusCode).toBe(201);
    const { admin } = res.json();
    expect(admin).toMatchObject({
      username: 'Newbie',
      email: 'newbie@example.com',
      role: 'admin',
      isActive: true,
      lastLogin: null,
    });
    expect((await login(ctx.app, 'newbie', 'a-long-password')).admin._id).toBe(admin._id);
  });

  it('validates with the spec messages and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'short' }, 'Password must be at least 8 characters long'],
      [{ password: undefined }, 'Password must be at least 8 characters long'],
      [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters long'],
      [{ confirmPassword: 'a-different-one' }, 'Passwords do not match'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'a@b' }, 'Please enter a valid email address'],
      [{ email: '' }, 'Email is required'],
      [{ username: '  ' }, 'Username is required'],
      [{ username: 'has space' }, expect.stringContaining('Username must be')],
    ] as never;
    const before = await ctx.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [extra, message] of cases) {
      const res = await newAdmin('valid_name', extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toEqual(message);
    }
    const after = await ctx.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const sixtyFour = 'OWASP asks that passwords of 64 characters and more be accepted, ok'.slice(0, 64);
    expect(
      (await newAdmin('sixty_four', { password: sixtyFour, confirmPassword: sixtyFour })).statusCode,
    ).toBe(201);
  });

  it('answers 409 with a clear message for a taken username or e-mail, whatever the case', async () => {
    await newAdmin('taken');
    const sameName = await newAdmin('TAKEN', { email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username already exists' });
    const sameEmail = await newAdmin('another', { email: 'Taken@example.com' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Email already exists' });
  });
});

describe('PUT /api/admin/accounts/{id}', () => {
  it('updates username, e-mail, role and active flag', async () => {
    const { admin } = (await newAdmin('editme')).json();
    const res = await superAdmin().put(`/api/admin/accounts/${admin._id}`, {
      username: 'edited',
      email: 'edited@example.com',
      role: 'super_admin',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({
      username: 'edited',
      email: 'edited@example.com',
      role: 'super_admin',
      isActive: false,
    });
  });

  it('requires username and e-mail, and answers 409 on a taken one', async () => {
    const { admin } = (await newAdmin('editme2')).json();
    const missing = await superAdmin().put(`/api/admin/accounts/${admin._id}`, { username: 'editme2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email is required');
    const taken = await superAdmin().put(`/api/admin/accounts/${admin._id}`, {
      username: 'root',
      email: 'x@example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username already exists');
  });

  it('answers 404 for an unknown admin and 400 for a malformed id', async () => {
    const unknown = await superAdmin().put('/api/admin/accounts/00000000-0000-4000-8000-000000000000', {
      username: 'ghost',
      email: 'ghost@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Admin not found');
    expect((await superAdmin().put('/api/admin/accounts/not-a-uuid/activate')).statusCode).toBe(400);
  });
});

describe('activate, deactivate, reset-password, delete', () => {
  it('deactivates and activates an admin', async () => {
    const { admin } = (await newAdmin('toggler')).json();
    const off = await superAdmin().put(`/api/admin/accounts/${admin._id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().admin.isActive).toBe(false);
    const on = await superAdmin().put(`/api/admin/accounts/${admin._id}/activate`);
    expect(on.json().admin.isActive).toBe(true);
    expect((await login(ctx.app, 'toggler', 'a-long-password')).admin._id).toBe(admin._id);
  });

  it('resets a password with the spec messages; the old password stops working', async () => {
    const { admin } = (await newAdmin('forgetful')).json();
    const url = `/api/admin/accounts/${admin._id}/reset-password`;
    expect((await superAdmin().put(url, { newPassword: 'short' })).json().message).toBe(
      'Password must be at least 8 characters long',
    );
    expect(
      (await superAdmin().put(url, { newPassword: 'brand-new-pass', confirmPassword: 'other-pass' })).json()
        .message,
    ).toBe('Passwords do not match');
    const ok = await superAdmin().put(url, {
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    const old = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      body: { username: 'forgetful', password: 'a-long-password' },
    });
    expect(old.statusCode).toBe(401);
    await login(ctx.app, 'forgetful', 'brand-new-pass');
  });

  it('deletes an admin', async () => {
    const { admin } = (await newAdmin('leaver')).json();
    const res = await superAdmin().delete(`/api/admin/accounts/${admin._id}`);
    expect(res.statusCode).toBe(200);
    expect((await superAdmin().delete(`/api/admin/accounts/${admin._id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/accounts', () => {
  it('pages with limit 20 by default and searches username and e-mail', async () => {
    const ctx3 = await createTestContext('list');
    try {
      await seedAdmin(ctx3, { username: 'boss', role: 'super_admin' });
      for (let i = 0; i < 24; i++) {
        await seedAdmin(ctx3, {
          username: `staff${String(i).padStart(2, '0')}`,
          email: `member${i}@${i % 2 ? 'odd' : 'even'}.test`,
        });
      }
      const token = (await login(ctx3.app, 'boss')).accessToken;
      const get = (url: string) => call(ctx3.app, { method: 'GET', url, token });

      const first = (await get('/api/admin/accounts')).json();
      expect(first.admins).toHaveLength(20);
      expect(first.pagination).toEqual({
        totalAdmins: 25,
        totalPages: 2,
        currentPage: 1,
        limit: 20,
        hasNextPage: true,
        hasPrevPage: false,
      });
      const second = (await get('/api/admin/accounts?page=2')).json();
      expect(second.admins).toHaveLength(5);
      expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });
      const ids = new Set([...first.admins, ...second.admins].map((a: { _id: string }) => a._id));
      expect(ids.size).toBe(25);

      const byName = (await get('/api/admin/accounts?search=STAFF1&limit=10')).json();
      expect(byName.admins.map((a: { username: string }) => a.username).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `staff1${i}`),
      );
      expect(byName.pagination).toMatchObject({ totalAdmins: 10, totalPages: 1, limit: 10 });
      const byEmail = (await get('/api/admin/accounts?search=odd.test')).json();
      expect(byEmail.pagination.totalAdmins).toBe(12);
      expect((await get('/api/admin/accounts?search=%25')).json().pagination.totalAdmins).toBe(0); // % is literal
      const empty = (await get('/api/admin/accounts?page=9')).json();
      expect(empty.admins).toEqual([]);
      expect((await get('/api/admin/accounts?limit=1000')).statusCode).toBe(400);
      for (const query of ['page=Infinity', 'page=-1e400', 'limit=Infinity', 'limit=1e400']) {
        const notFinite = await get(`/api/admin/accounts?${query}`);
        expect(notFinite.statusCode).toBe(400);
        expect(notFinite.json().message).toBe(`querystring.${query.split('=')[0]} must be a finite integer`);
      }
    } finally {
      await ctx3.close();
    }
  });
});

describe('GET /api/admin/accounts/stats', () => {
  it('counts total, active and recentLogins (signed in within the last 7 days)', async () => {
    const ctx4 = await createTestContext('stats');
    try {
      await seedAdmin(ctx4, { username: 'boss', role: 'super_admin' });
      await seedAdmin(ctx4, { username: 'idle', isActive: false });
      const old = await seedAdmin(ctx4, { username: 'oldtimer' });
      await seedAdmin(ctx4, { username: 'never' });
      await ctx4.db
        .updateTable('admins')
        .set({ last_login_at: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
        .where('id', '=', old.id)
        .execute();
      const token = (await login(ctx4.app, 'boss')).accessToken;
      const res = await call(ctx4.app, { method: 'GET', url: '/api/admin/accounts/stats', token });
      expect(res.json()).toEqual({ total: 4, active: 3, recentLogins: 1 });
    } finally {
      await ctx4.close();
    }
  });
});

describe('no answer carries secrets', () => {
  it('never answers a stored password hash, a refresh-token hash or a token version', async () => {
    const session = await login(ctx.app, 'root');
    const { admin } = (await newAdmin('secretive')).json();
    const bodies = [
      (await superAdmin().get('/api/admin/accounts?limit=100')).body,
      (await superAdmin().get('/api/admin/accounts/stats')).body,
      (await superAdmin().get('/api/admin/auth/profile')).body,
      (
        await superAdmin().put(`/api/admin/accounts/${admin._id}`, {
          username: 'secretive',
          email: 'secretive@example.com',
        })
      ).body,
      (await superAdmin().put(`/api/admin/accounts/${admin._id}/deactivate`)).body,
      (await superAdmin().put(`/api/admin/accounts/${admin._id}/activate`)).body,
      (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/admin/auth/refresh',
          body: { refreshToken: session.refreshToken },
        })
      ).body,
    ];
    const hashes = await ctx.db.selectFrom('admins').select(['password_hash', 'token_version']).execute();
    const tokenHashes = await ctx.db.selectFrom('refresh_tokens').select('token_hash').execute();
    for (const body of bodies) {
      for (const row of hashes) expect(body).not.toContain(row.password_hash.split('$').pop()!);
      for (const row of tokenHashes) {
        expect(body).not.toContain(row.token_hash.toString('hex'));
        expect(body).not.toContain(row.token_hash.toString('base64url'));
      }
      // The one password word an answer may carry: the boolean asking for a new password.
      const withoutFlag = body.replace(/"passwordChangeRequired":(true|false)/g, '');
      expect(withoutFlag).not.toMatch(/password|token_?version|"ver"/i);
    }
  });
});
