import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { flushViewCounts } from '../src/modules/posts/view-counter.ts';
import { addPosts } from './helpers/post-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let approved: string;
let hidden: Record<'pending' | 'rejected' | 'hidden', string>;
let plain: string[];

beforeAll(async () => {
  t = await startTestCatalog('posts_read');
  const [shown] = await addPosts(t.db, [
    {
      title: 'Shown',
      links: ['Shop at Nordstrom - $128', 'Similar at Amazon $34.99'],
      is_top_pick: true,
      view_count: 10,
    },
  ]);
  approved = shown!;
  const [p, r, h] = await addPosts(t.db, [
    { title: 'Pending', status: 'pending', is_top_pick: true, view_count: 100000 },
    {
      title: 'Rejected',
      status: 'rejected',
      is_top_pick: true,
      view_count: 100000,
      rejection_reason: 'Duplicate',
    },
    { title: 'Hidden', status: 'hidden', is_top_pick: true, view_count: 100000 },
  ]);
  hidden = { pending: p!, rejected: r!, hidden: h! };
  plain = await addPosts(
    t.db,
    Array.from({ length: 10 }, (_, i) => ({
      title: `Plain ${i}`,
      view_count: i * 7,
      is_top_pick: i % 2 === 0,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const keys = () => catalogKeys(t.keyPrefix);
const dbViews = async (id: string) =>
  (await t.db.selectFrom('posts').select('view_count').where('id', '=', id).executeTakeFirstOrThrow())
    .view_count;

describe('GET /api/posts/{id}', () => {
  it('answers an approved post with its affiliate links in order', async () => {
    const res = await get(`/api/posts/${approved}`);
    expect(res.statusCode).toBe(200);
    const post = res.json();
    expect(post).toMatchObject({ _id: approved, title: 'Shown', status: 'approved', isTopPick: true });
    expect(post.affiliateLinks.map((l: { text: string }) => l.text)).toEqual([
      'Shop at Nordstrom - $128',
      'Similar at Amazon $34.99',
    ]);
    expect(Object.keys(post.affiliateLinks[0]).sort()).toEqual([
      '_id',
      'currency',
      'health',
      'price',
      'realUrl',
      'retailer',
      'stockStatus',
      'text',
      'url',
    ]);
    expect(post).not.toHaveProperty('rejectionReason');
    expect(post).not.toHaveProperty('search_vector');
  });

  it.each(['pending', 'rejected', 'hidden'] as const)('answers 404 JSON for a %s post', async (status) => {
    const res = await get(`/api/posts/${hidden[status]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Post not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/posts/7d4f1c1e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await get('/api/posts/12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('params.id must match format "uuid"');
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await get(`/api/posts/${approved}`);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, stale-while-revalidate=\d+$/);
    const again = await get(`/api/posts/${approved}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/posts/top-picks and /api/posts/popular-posts', () => {
  it('answers approved top picks newest first, 8 by default', async () => {
    const res = await get('/api/posts/top-picks');
    expect(res.statusCode).toBe(200);
    const titles = res.json().posts.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['Plain 8', 'Plain 6', 'Plain 4', 'Plain 2', 'Plain 0', 'Shown']);
    expect(res.headers.etag).toBeDefined();
  });

  it('answers the most viewed approved posts, limit honoured', async () => {
    const res = await get('/api/posts/popular-posts?limit=3');
    expect(res.json().posts.map((p: { title: string }) => p.title)).toEqual([
      'Plain 9',
      'Plain 8',
      'Plain 7',
    ]);
    const all = await get('/api/posts/popular-posts');
    expect(all.json().posts).toHaveLength(8);
  });

  it('answers 400 for a bad limit', async () => {
    for (const url of [
      '/api/posts/top-picks?limit=0',
      '/api/posts/popular-posts?limit=1000',
      '/api/posts/top-picks?limit=x',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});

describe('view counting', () => {
  it('counts views in Redis without writing the post, then flushes them in one batch', async () => {
    const id = plain[3]!;
    const before = await dbViews(id);
    for (let i = 0; i < 3; i++) expect((await get(`/api/posts/${id}`)).statusCode).toBe(200);
    expect(await dbViews(id)).toBe(before);
    expect(await t.redis.hget(keys().pendingViews, id)).toBe('3');

    const result = await flushViewCounts(t.db, t.redis, keys());
    expect(result.views).toBeGreaterThanOrEqual(3);
    expect(await dbViews(id)).toBe(before + 3);
    expect(await t.redis.exists(keys().pendingViews)).toBe(0);
    expect(await flushViewCounts(t.db, t.redis, keys())).toEqual({ batches: 0, posts: 0, views: 0 });
  });

  it('does not count a view of a post that is not public', async () => {
    await get(`/api/posts/${hidden.pending}`);
    expect(await t.redis.hget(keys().pendingViews, hidden.pending)).toBeNull();
  });

  it('applies a batch left behind by a flush that died after moving the counts', async () => {
    const id = plain[4]!;
    const before = await dbViews(id);
    const orphan = keys().flushingViews('crashed-before-commit');
    await t.redis.hset(orphan, id, '5');
    await t.redis.hincrby(keys().pendingViews, id, 2);
    await flushViewCounts(t.db, t.redis, keys());
    expect(await dbViews(id)).toBe(before + 7);
    expect(await t.redis.exists(orphan)).toBe(0);
  });

  it('never counts a batch twice when a flush died after committing', async () => {
    const id = plain[5]!;
    const before = await dbViews(id);
    const batch = keys().flushingViews('crashed-after-commit');
    await t.redis.hset(batch, id, '4');
    await flushViewCounts(t.db, t.redis, keys());
    expect(await dbViews(id)).toBe(before + 4);
    // The same batch shows up again (as if DEL never ran): it is recognised and dropped.
    await t.redis.hset(batch, id, '4');
    await flushViewCounts(t.db, t.redis, keys());
    expect(await dbViews(id)).toBe(before + 4);
    expect(await t.redis.exists(batch)).toBe(0);
  });
});
