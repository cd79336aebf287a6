import type { AuditEntry } from '@celebstyle/contracts';
import { createWorkerConnection, QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';
import { addPosts } from './helpers/post-fixtures.ts';

let t: AdminTestCatalog;
let token: string;
const actorId = crypto.randomUUID();
let queue: Queue;
let connection: ReturnType<typeof createWorkerConnection>;

beforeAll(async () => {
  t = await startAdminTestCatalog('audit_entries');
  token = await t.signer.sign({ sub: actorId, username: 'alice' });
  connection = createWorkerConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  queue = new Queue(QueueName.auditEvents, { connection, prefix: t.keyPrefix });
});
afterAll(async () => {
  await queue.close();
  connection.disconnect();
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('posts').execute();
  await sql`delete from audit_outbox`.execute(t.db);
});

const as = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.admin(method, url, body, token);
const entries = async () =>
  (
    await sql<{ payload: AuditEntry }>`select payload from audit_outbox order by created_at`.execute(t.db)
  ).rows.map((row) => row.payload);

describe('catalog records each admin write in its audit outbox', () => {
  it('approving a post leaves exactly one entry, with who, what and the status before and after, and publishes it', async () => {
    const [id] = await addPosts(t.db, [
      { status: 'rejected', rejection_reason: 'Blurry', title: 'Red dress' },
    ]);
    const res = await as('PUT', `/api/admin/posts/${id}/approve`);
    expect(res.statusCode).toBe(200);
    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actor: { _id: actorId, username: 'alice' },
      action: 'post.approve',
      targetType: 'post',
      targetId: id,
      targetLabel: 'Red dress',
      batchId: null,
      service: 'catalog',
      changes: [
        { field: 'status', before: 'rejected', after: 'approved' },
        { field: 'rejectionReason', before: 'Blurry', after: null },
      ],
    });
    expect(Date.parse(entry!.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    const job = await queue.getJob(entry!._id);
    expect(job?.data).toEqual(entry);
  });

  it('a refused or failed write leaves no entry', async () => {
    const [approved] = await addPosts(t.db, [{ status: 'approved' }]);
    expect((await as('PUT', `/api/admin/posts/${approved}/approve`)).statusCode).toBe(409);
    expect(
      (await as('PUT', `/api/admin/posts/${approved}/reject`, { rejectionReason: ' ' })).statusCode,
    ).toBe(400);
    const bad = await as('PUT', `/api/admin/posts/${approved}`, { brand: '   ' });
    expect(bad.statusCode).toBe(400);
    expect((await as('DELETE', `/api/admin/posts/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('a bulk action leaves one entry per changed post, sharing a batch id', async () => {
    const ids = await addPosts(t.db, [{ status: 'pending' }, { status: 'pending' }, { status: 'rejected' }]);
    const res = await as('POST', '/api/admin/posts/bulk-reject', {
      postIds: ids,
      rejectionReason: 'Off brand',
    });
    expect(res.json()).toMatchObject({ done: 2, skipped: 1 });
    const written = await entries();
    expect(written.map((e) => e.targetId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(written.every((e) => e.action === 'post.reject')).toBe(true);
    expect(written[0]!.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(written[1]!.batchId).toBe(written[0]!.batchId);
    expect(written[0]!.changes).toEqual([
      { field: 'status', before: 'pending', after: 'rejected' },
      { field: 'rejectionReason', before: null, after: 'Off brand' },
    ]);
  });

  it('an edit records only the fields that changed, links included', async () => {
    const [id] = await addPosts(t.db, [{ title: 'Old title', brand: 'Zara', links: ['Shop'] }]);
    const res = await as('PUT', `/api/admin/posts/${id}`, {
      title: 'New title',
      brand: 'Zara',
      affiliateLinks: [{ text: 'Shop', url: '#', realUrl: 'https://shop.example/a' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry!.action).toBe('post.update');
    expect(entry!.changes.map((c) => c.field)).toEqual(['title', 'affiliateLinks']);
    expect(entry!.changes[0]).toEqual({ field: 'title', before: 'Old title', after: 'New title' });
    expect(entry!.changes[1]!.after).toEqual([
      { text: 'Shop', url: 'https://shop.example/a', realUrl: 'https://shop.example/a' },
    ]);
  });

  it('deleting a post records its status before and nothing after', async () => {
    const [id] = await addPosts(t.db, [{ status: 'hidden', title: 'Gone' }]);
    expect((await as('DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(200);
    expect(await entries()).toMatchObject([
      { action: 'post.delete', targetId: id, changes: [{ field: 'status', before: 'hidden', after: null }] },
    ]);
  });

  it('records celebrity and show changes, and none for a refused delete', async () => {
    await t.db.deleteFrom('celebrities').execute();
    await t.db.deleteFrom('shows').execute();
    const celeb = await t.db
      .insertInto('celebrities')
      .values({ name: 'Kyle', slug: 'kyle', network: 'Bravo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const show = await t.db
      .insertInto('shows')
      .values({ name: 'Some Show', slug: 'some-show' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addPosts(t.db, [{ show: 'Some Show' }]);
    expect((await as('PUT', `/api/admin/celebrities/${celeb.id}`, { network: 'NBC' })).statusCode).toBe(200);
    expect((await as('DELETE', `/api/admin/shows/${show.id}`)).statusCode).toBe(409);
    expect(await entries()).toMatchObject([
      {
        action: 'celebrity.update',
        targetType: 'celebrity',
        targetId: celeb.id,
        targetLabel: 'Kyle',
        changes: [{ field: 'network', before: 'Bravo', after: 'NBC' }],
      },
    ]);
  });

  it('an import leaves one entry with its counts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: [
        {
          url: 'https://source.example/look-1',
          title: 'Imported',
          celebrity: 'Someone',
          show: 'Some Show',
          brand: 'Zara',
          productType: 'Dress',
          platform: 'wornontv',
          links: [],
        },
        { title: 'no url' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'posts.import',
      targetType: 'import',
      actor: { username: 'alice' },
    });
    expect(entry!.changes).toContainEqual({ field: 'created', before: null, after: 1 });
    expect(entry!.changes).toContainEqual({ field: 'skipped', before: null, after: 1 });
  });
});
