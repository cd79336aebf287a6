import type { AdminPostSelectionAnswer, BulkPostsAnswer, LinkAttentionAnswer } from '@celebstyle/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPosts } from './helpers/post-fixtures.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';

let t: AdminTestCatalog;

beforeAll(async () => {
  t = await startAdminTestCatalog('admin_post_review');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('posts').execute();
  await sql`delete from audit_outbox`.execute(t.db);
  await t.redis.incr(`${t.keyPrefix}:catalog:data-version`);
});

const statusOf = async (id: string) =>
  (await t.db
    .selectFrom('posts')
    .select(['status', 'rejection_reason'])
    .where('id', '=', id)
    .executeTakeFirst())!;

describe('POST /api/admin/posts/bulk-requeue (Undo of an approve or reject)', () => {
  it('puts approved, rejected and hidden posts back under review and skips pending ones', async () => {
    const [approved, rejected, hidden, pending] = await addPosts(t.db, [
      { status: 'approved' },
      { status: 'rejected', rejection_reason: 'Blurry' },
      { status: 'hidden', status_before_hidden: 'approved' },
      { status: 'pending' },
    ]);
    const res = await t.admin('POST', '/api/admin/posts/bulk-requeue', {
      postIds: [approved, rejected, hidden, pending],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkPostsAnswer>()).toMatchObject({ done: 3, skipped: 1, notFound: 0 });
    expect(res.json<BulkPostsAnswer>().results[3]).toMatchObject({
      outcome: 'skipped',
      message: 'Post is already pending',
    });
    for (const id of [approved!, rejected!, hidden!]) {
      expect(await statusOf(id)).toEqual({ status: 'pending', rejection_reason: null });
    }
    const audit = await sql<{
      action: string;
    }>`select payload->>'action' as action from audit_outbox`.execute(t.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['post.requeue', 'post.requeue', 'post.requeue']);
  });

  it('answers 401 without a token and 400 for no ids', async () => {
    expect((await t.admin('POST', '/api/admin/posts/bulk-requeue', { postIds: [] })).statusCode).toBe(400);
    const res = await t.admin(
      'POST',
      '/api/admin/posts/bulk-requeue',
      { postIds: [crypto.randomUUID()] },
      null,
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/admin/posts/selection ("select all N matching")', () => {
  it('answers every post of the filters, in the list order, with status and reason', async () => {
    const [a, , c] = await addPosts(t.db, [
      { status: 'rejected', rejection_reason: 'Off brand', celebrity: 'Kyle Richards' },
      { status: 'rejected', celebrity: 'Lisa Rinna' },
      { status: 'rejected', rejection_reason: 'Blurry', celebrity: 'Kyle Richards' },
      { status: 'pending', celebrity: 'Kyle Richards' },
    ]);
    const res = await t.admin('GET', '/api/admin/posts/selection?status=rejected&celebrity=kyle%20richards');
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminPostSelectionAnswer>()).toEqual({
      total: 2,
      posts: [
        { _id: c, status: 'rejected', rejectionReason: 'Blurry' },
        { _id: a, status: 'rejected', rejectionReason: 'Off brand' },
      ],
    });
  });

  it('refuses unknown filter values and needs an admin token', async () => {
    expect((await t.admin('GET', '/api/admin/posts/selection?status=gone')).statusCode).toBe(400);
    expect((await t.admin('GET', '/api/admin/posts/selection', undefined, null)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/posts/link-attention (Dashboard)', () => {
  it('lists approved posts with broken or sold-out links, most viewed first', async () => {
    const [quiet, busy, healthy, pending] = await addPosts(t.db, [
      { status: 'approved', title: 'Quiet', view_count: 5, links: ['A $1', 'B $2'] },
      { status: 'approved', title: 'Busy', view_count: 900, links: ['C $3', 'D $4', 'E $5'] },
      { status: 'approved', title: 'Healthy', view_count: 5000, links: ['F $6'] },
      { status: 'pending', title: 'Pending', view_count: 9000, links: ['G $7'] },
    ]);
    const health = async (postId: string, statuses: (string | null)[]) => {
      const links = await t.db
        .selectFrom('affiliate_links')
        .select('id')
        .where('post_id', '=', postId)
        .orderBy('position')
        .execute();
      for (const [i, link] of links.entries()) {
        await t.db
          .updateTable('affiliate_links')
          .set({ health_status: statuses[i] ?? null })
          .where('id', '=', link.id)
          .execute();
      }
    };
    await health(quiet!, ['404', 'active']);
    await health(busy!, ['sold_out', 'server_error', null]);
    await health(healthy!, ['active']);
    await health(pending!, ['404']);
    const res = await t.admin('GET', '/api/admin/posts/link-attention?limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json<LinkAttentionAnswer>().posts).toEqual([
      {
        _id: busy,
        title: 'Busy',
        celebrity: 'Someone',
        show: 'Some Show',
        viewCount: 900,
        totalLinks: 3,
        brokenLinks: 1,
        soldOutLinks: 1,
      },
      {
        _id: quiet,
        title: 'Quiet',
        celebrity: 'Someone',
        show: 'Some Show',
        viewCount: 5,
        totalLinks: 2,
        brokenLinks: 1,
        soldOutLinks: 0,
      },
    ]);
  });

  it('refuses a limit over 50 and needs an admin token', async () => {
    expect((await t.admin('GET', '/api/admin/posts/link-attention?limit=51')).statusCode).toBe(400);
    expect((await t.admin('GET', '/api/admin/posts/link-attention', undefined, null)).statusCode).toBe(401);
  });
});
