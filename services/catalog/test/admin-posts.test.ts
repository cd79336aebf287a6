import type { AdminPost, AdminPostListAnswer, BulkPostsAnswer } from '@celebstyle/contracts';
import type { PostChangedEvent } from '@celebstyle/queue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminPostPage,
  searchWalksSortIndex,
} from '../src/modules/admin-posts/admin-post-list.repository.ts';
import { addPosts } from './helpers/post-fixtures.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';

let t: AdminTestCatalog;

beforeAll(async () => {
  t = await startAdminTestCatalog('admin_posts');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('posts').execute();
  await t.db.deleteFrom('post_events_outbox').execute();
  // Fixtures write to PostgreSQL directly: retire cached answers as every real writer does.
  await t.redis.incr(`${t.keyPrefix}:catalog:data-version`);
});

const list = async (query = '') => {
  const res = await t.admin('GET', `/api/admin/posts${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<AdminPostListAnswer>();
};
const titles = (answer: AdminPostListAnswer) => answer.posts.map((p) => p.title);
const outbox = () =>
  t.db.selectFrom('post_events_outbox').selectAll().orderBy('created_at').orderBy('id').execute();
const publicIds = async () => {
  const res = await t.app.inject({ url: '/api/posts?limit=50' });
  return res.json<{ posts: { _id: string }[] }>().posts.map((p) => p._id);
};

describe('GET /api/admin/posts (admin.md §2 Post Management, §9 defaults)', () => {
  it('lists pending posts, newest first, 20 a page, by default', async () => {
    await addPosts(
      t.db,
      Array.from({ length: 23 }, (_, i) => ({ title: `P${i}`, status: 'pending' as const })),
    );
    await addPosts(t.db, [
      { title: 'A', status: 'approved' },
      { title: 'R', status: 'rejected' },
    ]);
    const answer = await list();
    expect(answer.posts).toHaveLength(20);
    expect(answer.posts[0]!.title).toBe('P22');
    expect(answer.posts.every((p) => p.status === 'pending')).toBe(true);
    expect(answer.pagination).toEqual({
      totalPosts: 23,
      totalPages: 2,
      currentPage: 1,
      limit: 20,
      hasPrevPage: false,
      hasNextPage: true,
    });
    const second = await list('?page=2');
    expect(titles(second)).toEqual(['P2', 'P1', 'P0']);
    expect(second.pagination).toMatchObject({ currentPage: 2, hasPrevPage: true, hasNextPage: false });
  });

  it('lists any status, and every status with status=all', async () => {
    await addPosts(t.db, [
      { title: 'A', status: 'approved' },
      { title: 'R', status: 'rejected', rejection_reason: 'blurry' },
      { title: 'H', status: 'hidden' },
    ]);
    expect(titles(await list('?status=rejected'))).toEqual(['R']);
    expect((await list('?status=rejected')).posts[0]!.rejectionReason).toBe('blurry');
    expect(titles(await list('?status=hidden'))).toEqual(['H']);
    expect(titles(await list('?status=all'))).toEqual(['H', 'R', 'A']);
  });

  it('filters by celebrity, show, brand, productType, platform and search, combined', async () => {
    await addPosts(t.db, [
      { title: 'Red dress', celebrity: 'Kyle Richards', show: 'RHOBH', brand: 'Zara', product_type: 'Dress' },
      { title: 'Blue bag', celebrity: 'Kyle Richards', show: 'RHOBH', brand: 'Gucci', product_type: 'Bag' },
      {
        title: 'Green coat',
        celebrity: 'Lisa Rinna',
        show: 'RHOBH',
        brand: 'Zara',
        product_type: 'Coat',
        platform: 'bigblondehair',
      },
    ]);
    const q = (s: string) => list(`?status=approved&${s}`).then(titles);
    expect(await q('celebrity=kyle%20richards')).toEqual(['Blue bag', 'Red dress']);
    expect(await q('celebrity=Kyle')).toEqual([]);
    expect(await q('show=RHOBH')).toHaveLength(3);
    expect(await q('brand=zara')).toEqual(['Green coat', 'Red dress']);
    expect(await q('productType=Bag')).toEqual(['Blue bag']);
    expect(await q('platform=bigblondehair')).toEqual(['Green coat']);
    expect(await q('search=DRESS')).toEqual(['Red dress']);
    expect(await q('search=rinna')).toEqual(['Green coat']);
    expect(await q('brand=Zara&celebrity=Kyle%20Richards')).toEqual(['Red dress']);
    expect(await q('search=100%25')).toEqual([]);
  });

  it('sorts by each field in both orders', async () => {
    await addPosts(t.db, [
      { title: 'b', status: 'pending', view_count: 5, celebrity: 'Zed' },
      { title: 'a', status: 'pending', view_count: 9, celebrity: 'amy' },
      { title: 'C', status: 'pending', view_count: 1, celebrity: 'Bob' },
    ]);
    expect(titles(await list('?sortOrder=asc'))).toEqual(['b', 'a', 'C']);
    expect(titles(await list('?sortBy=title&sortOrder=asc'))).toEqual(['a', 'b', 'C']);
    expect(titles(await list('?sortBy=title'))).toEqual(['C', 'b', 'a']);
    expect(titles(await list('?sortBy=viewCount'))).toEqual(['a', 'b', 'C']);
    expect(titles(await list('?sortBy=celebrity&sortOrder=asc'))).toEqual(['a', 'C', 'b']);
    expect(titles(await list('?sortBy=updatedAt'))).toEqual(['C', 'a', 'b']);
  });

  it('answers a searched page alike whether it walks the sort index or sorts the trigram matches', async () => {
    const celebrities = ['Kyle Richards', 'Lisa Rinna', 'Erika Jayne', 'Dorit Kemsley'];
    await addPosts(
      t.db,
      Array.from({ length: 40 }, (_, i) => ({
        title: i % 3 === 0 ? `Gold necklace ${i}` : `Silk scarf ${i}`,
        celebrity: celebrities[i % 4],
        status: i % 5 === 0 ? ('pending' as const) : ('approved' as const),
        view_count: (i * 7) % 11,
        links: i % 2 === 0 ? ['Shop it'] : [],
      })),
    );
    const sorts = ['createdAt', 'updatedAt', 'title', 'celebrity', 'viewCount'] as const;
    for (const status of ['approved', 'all'] as const)
      for (const sortBy of sorts)
        for (const sortOrder of ['asc', 'desc'] as const)
          for (const page of [1, 2, 3]) {
            const query = { status, sortBy, sortOrder, page, limit: 4, search: 'NECKLACE' };
            const walked = await adminPostPage(t.db, query, { walkSortIndex: true });
            const sorted = await adminPostPage(t.db, query, { walkSortIndex: false });
            expect(walked).toEqual(sorted);
            expect(walked.every((p) => p.title.startsWith('Gold necklace'))).toBe(true);
          }
    const all = await adminPostPage(t.db, {
      status: 'all',
      sortBy: 'celebrity',
      sortOrder: 'asc',
      page: 1,
      limit: 20,
      search: 'necklace',
    });
    expect(all).toHaveLength(14);
    const api = await list('?status=all&sortBy=celebrity&sortOrder=asc&search=necklace');
    expect(api.posts.map((p) => p._id)).toEqual(all.map((p) => p._id));
    expect(api.pagination.totalPosts).toBe(14);
  });

  it('walks the sort index for a common search term and keeps the trigram bitmap for a rare one', () => {
    const query = { status: 'approved' as const, sortBy: 'celebrity' as const, sortOrder: 'desc' as const };
    const page = (n: number, search?: string) => ({ ...query, page: n, limit: 20, search });
    // 5,580 of 169,846 approved posts match: page 3 walks about 1,800 entries.
    expect(searchWalksSortIndex(page(3, 'necklace'), 5_580, 169_846)).toBe(true);
    // 12 match: a walk could read every approved post's entry before the page is full.
    expect(searchWalksSortIndex(page(1, 'rixo skirt'), 12, 169_846)).toBe(false);
    expect(searchWalksSortIndex(page(1, 'necklace'), 0, 169_846)).toBe(false);
    expect(searchWalksSortIndex(page(1), 169_846, 169_846)).toBe(false);
    // Deep pages of a common term walk too far as well.
    expect(searchWalksSortIndex(page(500, 'necklace'), 5_580, 169_846)).toBe(false);
  });

  it('refuses values out of bounds with 400 and the field', async () => {
    for (const query of [
      '?status=gone',
      '?sortBy=price',
      '?sortOrder=up',
      '?page=0',
      '?limit=101',
      '?platform=x',
    ]) {
      const res = await t.admin('GET', `/api/admin/posts${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /api/admin/posts/{id}', () => {
  it('answers a post of any status with its links and rejection reason', async () => {
    const [id] = await addPosts(t.db, [
      { title: 'Hidden one', status: 'rejected', rejection_reason: 'dup', links: ['Top $12', 'Skirt'] },
    ]);
    const res = await t.admin('GET', `/api/admin/posts/${id}`);
    expect(res.statusCode).toBe(200);
    const post = res.json<AdminPost>();
    expect(post).toMatchObject({ _id: id, title: 'Hidden one', status: 'rejected', rejectionReason: 'dup' });
    expect(post.affiliateLinks.map((l) => l.text)).toEqual(['Top $12', 'Skirt']);
  });

  it('answers 404 Post not found for an unknown id and 400 for a malformed one', async () => {
    const missing = await t.admin('GET', `/api/admin/posts/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Post not found', code: 'NOT_FOUND' });
    expect((await t.admin('GET', '/api/admin/posts/nope')).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/posts/{id} (admin.md §2 Edit post form, §5 Update post)', () => {
  it('changes the editable fields, ignores platform and status, and keeps, adds and drops links', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending', platform: 'wornontv', links: ['Keep', 'Drop'] }]);
    const before = (await t.admin('GET', `/api/admin/posts/${id}`)).json<AdminPost>();
    const [keep] = before.affiliateLinks;
    const res = await t.admin('PUT', `/api/admin/posts/${id}`, {
      title: '  New title ',
      celebrity: 'Lisa Rinna',
      show: 'RHOBH',
      brand: 'Gucci',
      productType: 'Bag',
      mainImage: 'https://img.example/a.jpg',
      isTopPick: true,
      platform: 'bigblondehair',
      status: 'approved',
      affiliateLinks: [
        { _id: 'temp-1700000000', text: 'New bag $34.99', url: '#', realUrl: 'https://shop.example/bag' },
        { _id: keep!._id, text: 'Kept, renamed', url: keep!.url, realUrl: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    const post = res.json<AdminPost>();
    expect(post).toMatchObject({
      title: 'New title',
      celebrity: 'Lisa Rinna',
      brand: 'Gucci',
      productType: 'Bag',
      platform: 'wornontv',
      status: 'pending',
      isTopPick: true,
    });
    expect(post.affiliateLinks).toHaveLength(2);
    expect(post.affiliateLinks[0]!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.affiliateLinks[0]).toMatchObject({ text: 'New bag $34.99', url: 'https://shop.example/bag' });
    expect(post.affiliateLinks[1]).toEqual({ ...keep, text: 'Kept, renamed' });
    expect(new Date(post.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
  });

  it('refuses blank names, blank link texts and foreign link ids with 400, changing nothing', async () => {
    const [id, other] = await addPosts(t.db, [{ title: 'Same', links: ['A'] }, { links: ['B'] }]);
    const foreign = (await t.admin('GET', `/api/admin/posts/${other}`)).json<AdminPost>().affiliateLinks[0]!;
    for (const body of [
      { title: 'Changed', celebrity: '   ' },
      { title: 'Changed', affiliateLinks: [{ text: ' ', url: 'https://x.example' }] },
      { title: 'Changed', affiliateLinks: [{ text: 'x' }] },
      { title: 'Changed', affiliateLinks: [{ _id: foreign._id, text: 'x', url: 'https://x.example' }] },
      { title: 'Changed', isTopPick: 'maybe' },
    ]) {
      const res = await t.admin('PUT', `/api/admin/posts/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const post = (await t.admin('GET', `/api/admin/posts/${id}`)).json<AdminPost>();
    expect(post.title).toBe('Same');
    expect(post.affiliateLinks.map((l) => l.text)).toEqual(['A']);
    expect(await outbox()).toHaveLength(0);
  });

  it('refuses javascript:, data: and other-host addresses for images and links (400), so no answer ever serves one', async () => {
    const [id] = await addPosts(t.db, [{ status: 'approved', title: 'Same', links: ['A'] }]);
    const before = (await t.admin('GET', `/api/admin/posts/${id}`)).json<AdminPost>();
    const link = before.affiliateLinks[0]!;
    const cases: [object, string][] = [
      [{ mainImage: 'javascript:alert(1)' }, 'mainImage must be an http(s) URL or a path'],
      [
        { enhancedImage: 'data:image/svg+xml,<svg onload=alert(1)>' },
        'enhancedImage must be an http(s) URL or a path',
      ],
      [{ mainImage: '//evil.example/x.jpg' }, 'mainImage must be an http(s) URL or a path'],
      [
        { additionalImages: ['/api/images/a.svg', 'java\tscript:alert(1)'] },
        'additionalImages[1] must be an http(s) URL or a path',
      ],
      [
        { affiliateLinks: [{ _id: link._id, text: 'A', url: link.url, realUrl: 'javascript:alert(1)' }] },
        'affiliateLinks[0].realUrl must be an http(s) URL',
      ],
      [
        { affiliateLinks: [{ _id: link._id, text: 'A', url: 'data:text/html,<script>alert(1)</script>' }] },
        'affiliateLinks[0].url must be an http(s) URL',
      ],
      [
        { affiliateLinks: [{ _id: 'temp-1', text: 'New', url: '#', realUrl: ' JavaScript:alert(1)' }] },
        'affiliateLinks[0].realUrl must be an http(s) URL',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin('PUT', `/api/admin/posts/${id}`, { title: 'Changed', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message });
    }
    const after = (await t.admin('GET', `/api/admin/posts/${id}`)).json<AdminPost>();
    expect(after).toEqual(before);
    expect(await outbox()).toHaveLength(0);
    const listed = (await t.app.inject({ url: '/api/posts?limit=100' })).body;
    expect(listed).not.toMatch(/javascript:|data:/i);
  });

  it('saves a new link whose realUrl is left empty (the placeholder url), and keeps it off the storefront', async () => {
    const [id] = await addPosts(t.db, [{ status: 'approved', links: ['Shop'] }]);
    const before = (await t.admin('GET', `/api/admin/posts/${id}`)).json<AdminPost>();
    const [shop] = before.affiliateLinks;
    const res = await t.admin('PUT', `/api/admin/posts/${id}`, {
      affiliateLinks: [
        { _id: shop!._id, text: shop!.text, url: shop!.url, realUrl: shop!.realUrl },
        { _id: 'temp-1700000000', text: 'Matching belt $20', url: '#', realUrl: null },
        { _id: 'temp-1700000001', text: 'Scarf', url: '#', realUrl: '  ' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<AdminPost>().affiliateLinks;
    expect(saved.map((l) => [l.text, l.url, l.realUrl])).toEqual([
      [shop!.text, shop!.url, shop!.realUrl],
      ['Matching belt $20', '#', null],
      ['Scarf', '#', null],
    ]);

    // the storefront offers only the link with an address
    const publicPost = (await t.app.inject({ url: `/api/posts/${id}` })).json<{
      affiliateLinks: { url: string }[];
    }>();
    expect(publicPost.affiliateLinks.map((l) => l.url)).toEqual([shop!.url]);

    // saving the post again as the dialog sends it keeps the links; a realUrl given later is the address
    const again = await t.admin('PUT', `/api/admin/posts/${id}`, {
      title: 'Renamed',
      affiliateLinks: saved.map((l, i) => ({
        ...l,
        realUrl: i === 1 ? 'https://shop.example/belt' : l.realUrl,
      })),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminPost>().affiliateLinks.map((l) => l.url)).toEqual([
      shop!.url,
      'https://shop.example/belt',
      '#',
    ]);
  });

  it('answers 404 for an unknown post', async () => {
    expect((await t.admin('PUT', `/api/admin/posts/${crypto.randomUUID()}`, { title: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('status transitions (admin.md §4 Post status)', () => {
  it('approves a pending post, rejects with a reason, hides and unhides back to the status it had', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending' }]);
    const put = (action: string, body?: object) => t.admin('PUT', `/api/admin/posts/${id}/${action}`, body);
    expect((await put('approve')).json()).toMatchObject({ status: 'approved', rejectionReason: null });
    expect((await put('hide')).json()).toMatchObject({ status: 'hidden' });
    expect((await put('unhide')).json()).toMatchObject({ status: 'approved' });
    expect((await put('reject', { rejectionReason: '  Wrong show ' })).json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Wrong show',
    });
    expect((await put('hide')).json()).toMatchObject({ status: 'hidden' });
    expect((await put('unhide')).json()).toMatchObject({ status: 'rejected' });
    expect((await put('approve')).json()).toMatchObject({ status: 'approved', rejectionReason: null });
  });

  it('takes a body-less PUT sent with Content-Type: application/json, as generic HTTP clients send it', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending' }]);
    const put = (action: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/posts/${id}/${action}`,
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      });
    expect((await put('approve')).json()).toMatchObject({ status: 'approved' });
    expect((await put('hide')).json()).toMatchObject({ status: 'hidden' });
    expect((await put('unhide')).json()).toMatchObject({ status: 'approved' });
  });

  it('refuses a transition that does not apply with 409 and its reason, changing nothing', async () => {
    const [approved, hidden, rejected] = await addPosts(t.db, [
      { status: 'approved' },
      { status: 'hidden' },
      { status: 'rejected' },
    ]);
    const cases: [string, string, string][] = [
      [approved!, 'approve', 'Post is already approved'],
      [approved!, 'unhide', 'Post is not hidden'],
      [hidden!, 'hide', 'Post is already hidden'],
      [rejected!, 'reject', 'Post is already rejected'],
    ];
    for (const [id, action, message] of cases) {
      const res = await t.admin('PUT', `/api/admin/posts/${id}/${action}`, { rejectionReason: 'why' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message });
    }
    expect(await outbox()).toHaveLength(0);
  });

  it('approves or rejects a hidden post directly (the link validation page does), forgetting its hidden status', async () => {
    const [a, b] = await addPosts(t.db, [{ status: 'hidden' }, { status: 'hidden' }]);
    expect((await t.admin('PUT', `/api/admin/posts/${a}/approve`)).json()).toMatchObject({
      status: 'approved',
    });
    const res = await t.admin('POST', '/api/admin/posts/bulk-reject', {
      postIds: [b],
      rejectionReason: 'Rejected from link validation page',
    });
    expect(res.json()).toMatchObject({ done: 1, results: [{ status: 'rejected' }] });
    const rows = await t.db.selectFrom('posts').select('status_before_hidden').execute();
    expect(rows).toEqual([{ status_before_hidden: null }, { status_before_hidden: null }]);
  });

  it('unhides a post hidden with no remembered status into pending, never straight onto the storefront', async () => {
    const [id] = await addPosts(t.db, [{ status: 'hidden' }]);
    expect((await t.admin('PUT', `/api/admin/posts/${id}/unhide`)).json()).toMatchObject({
      status: 'pending',
    });
  });

  it('needs a non-blank rejection reason (400 Please provide a rejection reason)', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending' }]);
    for (const body of [{ rejectionReason: '   ' }, {}]) {
      const res = await t.admin('PUT', `/api/admin/posts/${id}/reject`, body);
      expect(res.statusCode).toBe(400);
    }
    const blank = await t.admin('PUT', `/api/admin/posts/${id}/reject`, { rejectionReason: ' ' });
    expect(blank.json()).toMatchObject({ message: 'Please provide a rejection reason' });
    expect((await t.admin('GET', `/api/admin/posts/${id}`)).json()).toMatchObject({ status: 'pending' });
  });

  it('answers 404 Post not found for an unknown id', async () => {
    const res = await t.admin('PUT', `/api/admin/posts/${crypto.randomUUID()}/approve`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Post not found' });
  });
});

describe('DELETE /api/admin/posts/{id}', () => {
  it('deletes the post and its links', async () => {
    const [id] = await addPosts(t.db, [{ links: ['x'] }]);
    const res = await t.admin('DELETE', `/api/admin/posts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: id });
    expect((await t.admin('GET', `/api/admin/posts/${id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('affiliate_links').selectAll().where('post_id', '=', id!).execute()).toEqual(
      [],
    );
    expect((await t.admin('DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(404);
  });
});

describe('bulk actions (admin.md §7 Posts)', () => {
  it('approves the pending ids, skips the others with a reason, and reports unknown ids', async () => {
    const [p1, p2, a, h] = await addPosts(t.db, [
      { status: 'pending' },
      { status: 'pending' },
      { status: 'approved' },
      { status: 'approved' },
    ]);
    const unknown = crypto.randomUUID();
    const res = await t.admin('POST', '/api/admin/posts/bulk-approve', { postIds: [p1, a, unknown, h, p2] });
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkPostsAnswer>()).toEqual({
      done: 2,
      skipped: 2,
      notFound: 1,
      results: [
        { postId: p1, outcome: 'done', status: 'approved', message: null },
        { postId: a, outcome: 'skipped', status: 'approved', message: 'Post is already approved' },
        { postId: unknown, outcome: 'not_found', status: null, message: 'Post not found' },
        { postId: h, outcome: 'skipped', status: 'approved', message: 'Post is already approved' },
        { postId: p2, outcome: 'done', status: 'approved', message: null },
      ],
    });
    expect((await outbox()).map((e) => e.post_id).sort()).toEqual([p1, p2].sort());
  });

  it('rejects with the reason, hides, unhides and deletes', async () => {
    const ids = await addPosts(t.db, [{ status: 'pending' }, { status: 'approved' }]);
    const reject = await t.admin('POST', '/api/admin/posts/bulk-reject', {
      postIds: ids,
      rejectionReason: 'Off brand',
    });
    expect(reject.json<BulkPostsAnswer>().done).toBe(2);
    const rows = await t.db.selectFrom('posts').select(['status', 'rejection_reason']).execute();
    expect(rows).toEqual([
      { status: 'rejected', rejection_reason: 'Off brand' },
      { status: 'rejected', rejection_reason: 'Off brand' },
    ]);
    expect((await t.admin('POST', '/api/admin/posts/bulk-hide', { postIds: ids })).json()).toMatchObject({
      done: 2,
    });
    const unhide = await t.admin('POST', '/api/admin/posts/bulk-unhide', { postIds: ids });
    expect(unhide.json<BulkPostsAnswer>().results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const del = await t.admin('POST', '/api/admin/posts/bulk-delete', { postIds: ids });
    expect(del.json()).toMatchObject({ done: 2, results: [{ status: null }, { status: null }] });
    expect(await t.db.selectFrom('posts').selectAll().execute()).toEqual([]);
  });

  it('refuses an empty list, more than 500 ids, duplicates, malformed ids and a blank reason', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending' }]);
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    for (const [route, body] of [
      ['bulk-approve', { postIds: [] }],
      ['bulk-approve', { postIds: many }],
      ['bulk-hide', { postIds: [id, id] }],
      ['bulk-delete', { postIds: ['x'] }],
      ['bulk-unhide', {}],
      ['bulk-reject', { postIds: [id], rejectionReason: '  ' }],
      ['bulk-reject', { postIds: [id] }],
    ] as const) {
      const res = await t.admin('POST', `/api/admin/posts/${route}`, body);
      expect(res.statusCode, `${route} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    expect((await t.admin('GET', `/api/admin/posts/${id}`)).json()).toMatchObject({ status: 'pending' });
  });

  it('takes 500 ids in one call', async () => {
    const ids = await addPosts(
      t.db,
      Array.from({ length: 500 }, () => ({ status: 'pending' as const })),
    );
    const res = await t.admin('POST', '/api/admin/posts/bulk-approve', { postIds: ids });
    expect(res.json()).toMatchObject({ done: 500, skipped: 0, notFound: 0 });
  });
});

describe('filter lists (admin.md §3 Filter options)', () => {
  it('lists the distinct values over posts of every status, A to Z', async () => {
    await addPosts(t.db, [
      { celebrity: 'kyle richards', show: 'RHOBH', brand: 'Zara', product_type: 'Dress', status: 'pending' },
      {
        celebrity: 'Amy',
        show: 'Bravo Show',
        brand: 'gucci',
        product_type: 'Bag',
        platform: 'bigblondehair',
        status: 'rejected',
      },
      { celebrity: 'Amy', show: 'RHOBH', brand: 'Zara', product_type: 'Dress' },
    ]);
    const get = async (name: string) => (await t.admin('GET', `/api/admin/posts/filters/${name}`)).json();
    expect(await get('celebrities')).toEqual({ celebrities: ['Amy', 'kyle richards'] });
    expect(await get('shows')).toEqual({ shows: ['Bravo Show', 'RHOBH'] });
    expect(await get('brands')).toEqual({ brands: ['gucci', 'Zara'] });
    expect(await get('product-types')).toEqual({ productTypes: ['Bag', 'Dress'] });
    expect(await get('platforms')).toEqual({ platforms: ['bigblondehair', 'wornontv'] });
  });
});

describe('public reads change at once', () => {
  it('drops a rejected, hidden or deleted post from the cached storefront answers, and shows an approved one', async () => {
    const [a, b, c, pending] = await addPosts(t.db, [
      { status: 'approved' },
      { status: 'approved' },
      { status: 'approved' },
      { status: 'pending' },
    ]);
    expect(await publicIds()).toEqual([c, b, a]);
    expect(await publicIds()).toEqual([c, b, a]); // now answered from the cache
    await t.admin('PUT', `/api/admin/posts/${a}/reject`, { rejectionReason: 'no' });
    expect(await publicIds()).toEqual([c, b]);
    await t.admin('PUT', `/api/admin/posts/${b}/hide`);
    expect(await publicIds()).toEqual([c]);
    await t.admin('PUT', `/api/admin/posts/${pending}/approve`);
    expect(await publicIds()).toEqual([pending, c]);
    await t.admin('POST', '/api/admin/posts/bulk-delete', { postIds: [c] });
    expect(await publicIds()).toEqual([pending]);
    await t.admin('PUT', `/api/admin/posts/${pending}`, { title: 'Renamed' });
    const page = await t.app.inject({ url: '/api/posts?limit=50' });
    expect(page.json().posts[0].title).toBe('Renamed');
    expect((await t.app.inject({ url: `/api/posts/${a}` })).statusCode).toBe(404);
  });
});

describe('the admin list changes at once too', () => {
  it('answers a repeated list from its cache and drops a post approved meanwhile', async () => {
    const [a, b] = await addPosts(t.db, [{ status: 'pending' }, { status: 'pending' }]);
    await t.redis.incr(`${t.keyPrefix}:catalog:data-version`);
    expect((await list()).posts.map((p) => p._id)).toEqual([b, a]);
    await t.db.updateTable('posts').set({ title: 'changed behind the cache' }).execute();
    expect((await list()).posts.map((p) => p.title)).not.toContain('changed behind the cache');
    await t.admin('PUT', `/api/admin/posts/${a}/approve`);
    const after = await list();
    expect(after.posts.map((p) => p._id)).toEqual([b]);
    expect(after.posts[0]!.title).toBe('changed behind the cache');
  });
});

describe('the total of a filter set', () => {
  it('is counted once for every page and sort of that set, and counted again after a write', async () => {
    const ids = await addPosts(t.db, [
      { status: 'pending', celebrity: 'Kim' },
      { status: 'pending', celebrity: 'Kim' },
      { status: 'pending', celebrity: 'Ann' },
    ]);
    await t.redis.incr(`${t.keyPrefix}:catalog:data-version`);
    expect((await list('?celebrity=kim')).pagination.totalPosts).toBe(2);
    // A row written behind the service (no version bump) shows the count is kept, not recounted:
    // another page and another sort of the same filter set still answer the kept total.
    await addPosts(t.db, [{ status: 'pending', celebrity: 'Kim' }]);
    expect((await list('?celebrity=kim&sortBy=title&page=2')).pagination.totalPosts).toBe(2);
    // A write to any post retires every kept total: the next read counts the row written behind.
    await t.admin('PUT', `/api/admin/posts/${ids[2]}/approve`);
    const after = await list('?celebrity=kim&sortBy=viewCount');
    expect(after.pagination.totalPosts).toBe(3);
    expect(after.posts).toHaveLength(3);
    await t.admin('PUT', `/api/admin/posts/${ids[0]}/approve`);
    expect((await list('?celebrity=kim')).pagination.totalPosts).toBe(2);
    expect((await list('?celebrity=kim&status=approved')).pagination.totalPosts).toBe(1);
  });
});

describe('post-changed events in the outbox', () => {
  it('writes one event per change with the post, its links and a growing version', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending', title: 'T', links: ['L1'] }]);
    await t.admin('PUT', `/api/admin/posts/${id}/approve`);
    const edited = (await t.admin('PUT', `/api/admin/posts/${id}`, { title: 'T2' })).json<AdminPost>();
    await t.admin('PUT', `/api/admin/posts/${id}/hide`);
    await t.admin('DELETE', `/api/admin/posts/${id}`);
    const events = (await outbox()).map((row) => row.payload as PostChangedEvent);
    expect(events.map((e) => [e.kind, e.post?.status ?? null, e.post?.title ?? null])).toEqual([
      ['status-changed', 'approved', 'T'],
      ['updated', 'approved', 'T2'],
      ['status-changed', 'hidden', 'T2'],
      ['deleted', null, null],
    ]);
    const versions = events.map((e) => e.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    expect(new Set(versions).size).toBe(4);
    expect(events[0]!.post!.links).toEqual([
      expect.objectContaining({ text: 'L1', url: 'https://shop.example/0', realUrl: null, position: 0 }),
    ]);
    expect(events[1]!.version).toBe(new Date(edited.updatedAt).getTime());
    expect(events.every((e) => e.postId === id && typeof e.occurredAt === 'string')).toBe(true);
  });

  it('writes no event for a refused change, and exactly one per changed post of a bulk action', async () => {
    const ids = await addPosts(t.db, [{ status: 'approved' }, { status: 'pending' }]);
    await t.admin('POST', '/api/admin/posts/bulk-approve', { postIds: ids });
    const rows = await outbox();
    expect(rows.map((r) => r.post_id)).toEqual([ids[1]]);
  });
});
