import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, login, seedAdmin, type TestContext } from './helpers/app.ts';

// admin.md §5 and §6 self-protection, and (beyond the spec) the last active super admin.
let ctx: TestContext;
let root: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext('rules');
  const rootRow = await seedAdmin(ctx, { username: 'root', role: 'super_admin' });
  root = { id: rootRow.id, token: (await login(ctx.app, 'root')).accessToken };
});
afterAll(() => ctx.close());

const superAdmin = () => ({
  put: (url: string, body?: unknown) => call(ctx.app, { method: 'PUT', url, token: root.token, body }),
  delete: (url: string) => call(ctx.app, { method: 'DELETE', url, token: root.token }),
});

describe('self-protection (admin.md §5, §6)', () => {
  it("refuses to change one's own role", async () => {
    const res = await superAdmin().put(`/api/admin/accounts/${root.id}`, {
      username: 'root',
      email: 'root@example.com',
      role: 'admin',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot change your own role');
  });

  it("refuses to change one's own active flag, by edit, deactivate or activate", async () => {
    const edit = await superAdmin().put(`/api/admin/accounts/${root.id}`, {
      username: 'root',
      email: 'root@example.com',
      isActive: false,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('You cannot change your own active status');
    const deactivate = await superAdmin().put(`/api/admin/accounts/${root.id}/deactivate`);
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe('You cannot deactivate your own account');
    expect((await superAdmin().put(`/api/admin/accounts/${root.id}/activate`)).statusCode).toBe(403);
  });

  it("refuses to delete one's own account", async () => {
    const res = await superAdmin().delete(`/api/admin/accounts/${root.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot delete your own account');
  });

  it('holds whatever the letter case of the id in the path (one canonical id form)', async () => {
    const upper = root.id.toUpperCase();
    const role = await superAdmin().put(`/api/admin/accounts/${upper}`, {
      username: 'root',
      email: 'root@example.com',
      role: 'admin',
    });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe('You cannot change your own role');
    const mixed = `${root.id.slice(0, 8).toUpperCase()}${root.id.slice(8)}`;
    expect((await superAdmin().put(`/api/admin/accounts/${mixed}/deactivate`)).statusCode).toBe(403);
    expect((await superAdmin().delete(`/api/admin/accounts/${upper}`)).statusCode).toBe(403);
    const me = await ctx.db
      .selectFrom('admins')
      .select(['role', 'is_active'])
      .where('id', '=', root.id)
      .executeTakeFirst();
    expect(me).toEqual({ role: 'super_admin', is_active: true });
  });

  it('refuses an id in another notation than the 8-4-4-4-12 hexadecimal form', async () => {
    for (const id of [`urn:uuid:${root.id}`, `{${root.id}}`, root.id.replaceAll('-', '')]) {
      const res = await superAdmin().delete(`/api/admin/accounts/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('still lets an admin save their own record unchanged, or change their username and e-mail', async () => {
    const res = await superAdmin().put(`/api/admin/accounts/${root.id}`, {
      username: 'root',
      email: 'root-new@example.com',
      role: 'super_admin',
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin.email).toBe('root-new@example.com');
  });
});

describe('the last active super admin', () => {
  it('cannot be demoted, deactivated or deleted, even by two super admins acting at the same moment', async () => {
    const ctx2 = await createTestContext('lastsuper');
    try {
      const a = await seedAdmin(ctx2, { username: 'sa_one', role: 'super_admin' });
      const b = await seedAdmin(ctx2, { username: 'sa_two', role: 'super_admin' });
      const tokenA = (await login(ctx2.app, 'sa_one')).accessToken;
      const tokenB = (await login(ctx2.app, 'sa_two')).accessToken;
      const demote = (token: string, target: typeof a) =>
        call(ctx2.app, {
          method: 'PUT',
          url: `/api/admin/accounts/${target.id}`,
          token,
          body: { username: target.username, email: target.email, role: 'admin' },
        });
      const [ab, ba] = await Promise.all([demote(tokenA, b), demote(tokenB, a)]);
      const supers = await ctx2.db
        .selectFrom('admins')
        .select('id')
        .where('role', '=', 'super_admin')
        .where('is_active', '=', true)
        .execute();
      expect(supers).toHaveLength(1);
      expect([ab.statusCode, ba.statusCode]).toContain(200);
      const loser = [ab, ba].find((r) => r.statusCode !== 200)!;
      expect([401, 403, 409]).toContain(loser.statusCode);

      // The one left cannot be removed by the shell command either (no actor, same rule).
      const { AdminsService } = await import('../src/modules/admins/admins.service.ts');
      const { TokenVersionPublisher } = await import('../src/modules/tokens/token-versions.ts');
      const service = new AdminsService({
        db: ctx2.db,
        hasher: ctx2.hasher,
        versions: new TokenVersionPublisher(ctx2.redis),
        onPublishError: () => {},
      });
      const last = supers[0]!.id;
      for (const attempt of [
        () => service.deactivate(null, last),
        () => service.delete(null, last),
        () => service.update(null, last, { username: 'last_one', email: 'last@example.com', role: 'admin' }),
      ]) {
        await expect(attempt()).rejects.toMatchObject({
          statusCode: 409,
          message: 'The last active super admin cannot be demoted, deactivated or deleted',
        });
      }
    } finally {
      await ctx2.close();
    }
  });
});
