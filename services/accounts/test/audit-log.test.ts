import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@celebstyle/contracts';
import { insertAuditEntries } from '../src/modules/audit-log/audit-log.repository.ts';
import { call, createTestContext, login, seedAdmin, type TestContext } from './helpers/app.ts';

let ctx: TestContext;
let root: { id: string; token: string };
let plain: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext('audit');
  const rootRow = await seedAdmin(ctx, { username: 'root', role: 'super_admin' });
  const plainRow = await seedAdmin(ctx, { username: 'plain', role: 'admin' });
  root = { id: rootRow.id, token: (await login(ctx.app, 'root')).accessToken };
  plain = { id: plainRow.id, token: (await login(ctx.app, 'plain')).accessToken };
});
afterAll(() => ctx.close());

const get = (url: string, token = root.token) => call(ctx.app, { method: 'GET', url, token });
const entriesFor = async (targetId: string): Promise<AuditEntry[]> => {
  const res = await get(`/api/admin/audit-log?targetType=admin&targetId=${targetId}&limit=200`);
  expect(res.statusCode).toBe(200);
  return res.json().entries;
};
const countRows = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('accounts records its own writes in the audit log', () => {
  it('records a sign-in with the admin as actor', async () => {
    const entries = await entriesFor(plain.id);
    expect(entries.map((e) => e.action)).toContain('auth.sign-in');
    const signIn = entries.find((e) => e.action === 'auth.sign-in')!;
    expect(signIn.actor).toEqual({ _id: plain.id, username: 'plain' });
    expect(signIn.service).toBe('accounts');
  });

  it('leaves exactly one entry with the changed fields before and after for an edit', async () => {
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/accounts',
      token: root.token,
      body: { username: 'editor', email: 'editor@example.com', password: 'a-long-password' },
    });
    const id = created.json().admin._id as string;
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/accounts/${id}`,
      token: root.token,
      body: { username: 'editor', email: 'new-editor@example.com', role: 'super_admin' },
    });
    expect(res.statusCode).toBe(200);
    const entries = await entriesFor(id);
    expect(entries.map((e) => e.action)).toEqual(['admin.update', 'admin.create']);
    expect(entries[0]).toMatchObject({
      actor: { _id: root.id, username: 'root' },
      targetType: 'admin',
      targetId: id,
      targetLabel: 'editor',
      changes: [
        { field: 'email', before: 'editor@example.com', after: 'new-editor@example.com' },
        { field: 'role', before: 'admin', after: 'super_admin' },
      ],
    });
  });

  it('leaves no entry when the write is refused', async () => {
    const before = await countRows();
    const refused = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/accounts/${plain.id}`,
      token: root.token,
      body: { username: 'root', email: 'plain@example.com' },
    });
    expect(refused.statusCode).toBe(409);
    const self = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/accounts/${root.id}`,
      token: root.token,
    });
    expect(self.statusCode).toBe(403);
    expect(await countRows()).toBe(before);
  });

  it('records a password reset without the password, and a sign-out', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/accounts/${plain.id}/reset-password`,
      token: root.token,
      body: { newPassword: 'another long secret', confirmPassword: 'another long secret' },
    });
    expect(res.statusCode).toBe(200);
    const [reset] = await entriesFor(plain.id);
    expect(reset).toMatchObject({
      action: 'admin.reset-password',
      changes: [{ field: 'password', before: '[hidden]', after: '[hidden]' }],
    });
    const session = await login(ctx.app, 'plain', 'another long secret');
    const out = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/logout',
      token: session.accessToken,
      body: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const [signOut] = await entriesFor(plain.id);
    expect(signOut).toMatchObject({ action: 'auth.sign-out', actor: { _id: plain.id, username: 'plain' } });
  });
});

describe('GET /api/admin/audit-log', () => {
  const at = (day: number, minute: number) => new Date(Date.UTC(2026, 0, day, 12, minute)).toISOString();
  const seeded: AuditEntry[] = Array.from({ length: 7 }, (_, i) => ({
    _id: `00000000-0000-4000-8000-00000000000${i}`,
    occurredAt: at(10 + (i % 3), i),
    actor: { _id: i < 4 ? 'a1' : 'a2', username: i < 4 ? 'Alice' : 'bob' },
    action: i % 2 === 0 ? 'post.approve' : 'post.reject',
    targetType: 'post',
    targetId: `post-${i % 2}`,
    targetLabel: `Post ${i % 2}`,
    changes: [{ field: 'status', before: 'pending', after: 'approved' }],
    batchId: null,
    service: 'catalog',
  }));
  beforeAll(async () => {
    await insertAuditEntries(ctx.db, seeded);
  });
  const ids = async (query: string) => {
    const res = await get(`/api/admin/audit-log?targetType=post&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().entries as AuditEntry[]).map((e) => Number(e._id.slice(-1)));
  };

  it('answers newest first, filtered by actor, action, target and dates', async () => {
    expect(await ids('')).toEqual([5, 2, 4, 1, 6, 3, 0]);
    expect(await ids('actor=alice')).toEqual([2, 1, 3, 0]);
    expect(await ids('actor=a2')).toEqual([]); // an id is a UUID; a2 is taken as a username
    expect(await ids('action=post.reject')).toEqual([5, 1, 3]);
    expect(await ids('targetId=post-0')).toEqual([2, 4, 6, 0]);
    expect(await ids('from=2026-01-11&to=2026-01-11')).toEqual([4, 1]);
    expect(await ids(`from=${encodeURIComponent(at(12, 2))}`)).toEqual([5, 2]);
  });

  it('pages by cursor until nextCursor is null', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `/api/admin/audit-log?targetType=post&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = res.json() as { entries: AuditEntry[]; nextCursor: string | null };
      expect(body.entries.length).toBeLessThanOrEqual(3);
      seen.push(...body.entries.map((e) => Number(e._id.slice(-1))));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([5, 2, 4, 1, 6, 3, 0]);
  });

  it('refuses a bad filter with 400 naming the field, in the one error shape', async () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=2026-02-30', 'to'],
      ['action=post.explode', 'action'],
      ['targetType=planet', 'targetType'],
      ['limit=0', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['from=0000-01-01', 'from'],
      [
        `cursor=${Buffer.from(`-100000-01-01T00:00:00.000Z|${seeded[0]!._id}`).toString('base64url')}`,
        'cursor',
      ],
    ] as const) {
      const res = await get(`/api/admin/audit-log?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(body.message, query).toContain(field);
    }
    expect((await get('/api/admin/audit-log?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it('is for signed-in admins only, and has no way to edit or delete an entry', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    expect((await get('/api/admin/audit-log', plain.token)).statusCode).toBe(401); // signed out above
    const id = seeded[0]!._id;
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(ctx.app, {
        method,
        url: `/api/admin/audit-log/${id}`,
        token: root.token,
        body: {},
      });
      expect(res.statusCode).toBe(404);
    }
    const res = await call(ctx.app, { method: 'DELETE', url: '/api/admin/audit-log', token: root.token });
    expect(res.statusCode).toBe(404);
    expect(await ids('')).toHaveLength(7);
  });
});

describe('GET /api/admin/audit-log/export', () => {
  it('gives a super admin the filtered entries as CSV', async () => {
    const res = await get('/api/admin/audit-log/export?targetType=post&actor=bob');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'occurredAt,actorId,actorUsername,action,targetType,targetId,targetLabel,changes,batchId,service',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',a2,bob,post.reject,post,post-1,Post 1,');
  });

  it('refuses a plain admin with 403', async () => {
    await seedAdmin(ctx, { username: 'reader', role: 'admin' });
    const { accessToken } = await login(ctx.app, 'reader');
    const res = await get('/api/admin/audit-log/export', accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await get('/api/admin/audit-log', accessToken)).statusCode).toBe(200);
  });
});

describe('the audit log in OpenAPI', () => {
  it('documents both routes, the entry as a shared component, and the error shape of a bad filter', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.schemas).toHaveProperty('AuditEntry');
    const list = doc.paths['/api/admin/audit-log'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actor', 'action', 'targetType', 'targetId', 'from', 'to', 'cursor', 'limit']),
    );
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AuditLogAnswer',
    });
    expect(doc.components.schemas.AuditLogAnswer.properties.entries.items).toEqual({
      $ref: '#/components/schemas/AuditEntry',
    });
    expect(list.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(doc.components.schemas.ErrorBody.required).toEqual(
      expect.arrayContaining(['statusCode', 'error', 'message', 'code']),
    );
    expect(doc.paths['/api/admin/audit-log/export'].get.responses['200'].content).toHaveProperty('text/csv');
  });
});
