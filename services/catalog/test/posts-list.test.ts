import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { addPosts } from './helpers/post-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
const RHOBH = 'The Real Housewives of Beverly Hills';
const RHOA = 'Real Housewives of Atlanta';

beforeAll(async () => {
  t = await startTestCatalog('posts_list');
  await addPosts(t.db, [
    { title: 'Kyle red dress', celebrity: 'Kyle Richards', show: RHOBH, brand: 'Valentino', view_count: 50 },
    {
      title: 'Kyle boots',
      celebrity: 'Kyle Richards',
      show: RHOBH,
      brand: 'Gucci',
      product_type: 'Boots',
      view_count: 5,
    },
    {
      title: 'Kyle bag',
      celebrity: 'Kyle Richards',
      show: RHOBH,
      brand: 'Gucci',
      product_type: 'Handbag',
      platform: 'bigblondehair',
      is_top_pick: true,
    },
    {
      title: 'kyle chan coat',
      celebrity: 'Kyle Chan',
      show: 'The Office',
      brand: 'Zara',
      product_type: 'Coat',
    },
    { title: 'Kenya gown', celebrity: 'Kenya Moore', show: RHOA, brand: 'Dior', view_count: 900 },
    {
      title: 'Kenya earrings',
      celebrity: 'Kenya Moore',
      show: RHOA,
      brand: 'Cartier',
      product_type: 'Earrings',
    },
    {
      title: 'Chrishell blazer',
      celebrity: 'Chrishell Stause',
      show: 'Selling Sunset',
      brand: 'Saint Laurent',
      product_type: 'Blazer',
      is_top_pick: true,
    },
    {
      title: 'Chrishell heels',
      celebrity: 'Chrishell Stause',
      show: 'Selling Sunset',
      brand: 'Christian Louboutin',
      product_type: 'Heels',
      view_count: 300,
    },
    {
      title: 'SECRET pending',
      celebrity: 'Kyle Richards',
      show: 'Selling Sunset',
      brand: 'Gucci',
      status: 'pending',
      is_top_pick: true,
      view_count: 99999,
    },
    {
      title: 'SECRET rejected',
      celebrity: 'Kyle Richards',
      show: RHOBH,
      brand: 'Gucci',
      status: 'rejected',
      view_count: 99999,
    },
    {
      title: 'SECRET hidden',
      celebrity: 'Chrishell Stause',
      show: 'Selling Sunset',
      brand: 'Dior',
      status: 'hidden',
      is_top_pick: true,
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    posts: { title: string; _id: string; [k: string]: unknown }[];
    pagination: Record<string, unknown>;
    facets: Record<string, { name: string; count: number }[]>;
  };
}
const titles = async (query: string) => (await list(query)).posts.map((p) => p.title);

describe('GET /api/posts', () => {
  it('answers approved posts newest first with the spec pagination and field names', async () => {
    const body = await list('');
    expect(body.posts.map((p) => p.title)).toEqual([
      'Chrishell heels',
      'Chrishell blazer',
      'Kenya earrings',
      'Kenya gown',
      'kyle chan coat',
      'Kyle bag',
      'Kyle boots',
      'Kyle red dress',
    ]);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalPosts: 8,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(Object.keys(body.posts[0]!).sort()).toEqual(
      [
        '_id',
        'title',
        'description',
        'mainImage',
        'enhancedImage',
        'additionalImages',
        'url',
        'affiliateLinks',
        'categories',
        'date',
        'parsedDate',
        'createdAt',
        'updatedAt',
        'celebrity',
        'show',
        'brand',
        'productType',
        'platform',
        'status',
        'isTopPick',
        'viewCount',
        'offer',
      ].sort(),
    );
    expect(body.posts.every((p) => p.status === 'approved')).toBe(true);
  });

  it('pages with page and limit', async () => {
    const body = await list('?page=2&limit=3');
    expect(body.posts.map((p) => p.title)).toEqual(['Kenya gown', 'kyle chan coat', 'Kyle bag']);
    expect(body.pagination).toEqual({
      currentPage: 2,
      totalPages: 3,
      totalPosts: 8,
      hasNextPage: true,
      hasPrevPage: true,
    });
    expect((await list('?page=9&limit=3')).posts).toEqual([]);
  });

  it('sorts by viewCount, title and updatedAt in either order', async () => {
    expect(await titles('?sort=viewCount&order=desc&limit=3')).toEqual([
      'Kenya gown',
      'Chrishell heels',
      'Kyle red dress',
    ]);
    expect(await titles('?sort=title&order=asc&limit=3')).toEqual([
      'Chrishell blazer',
      'Chrishell heels',
      'Kenya earrings',
    ]);
    expect(await titles('?sort=createdAt&order=asc&limit=2')).toEqual(['Kyle red dress', 'Kyle boots']);
    expect(await titles('?sort=updatedAt&order=desc&limit=1')).toEqual(['Chrishell heels']);
  });

  it.each([
    ['limit=-1', 'querystring.limit must be >= 1'],
    ['limit=100000', 'querystring.limit must be <= 200'],
    ['page=abc', 'querystring.page must be integer'],
    ['page=0', 'querystring.page must be >= 1'],
    ['sort=unknown', 'querystring.sort must be one of: createdAt, updatedAt, viewCount, title, price'],
    ['order=sideways', 'querystring.order must be one of: asc, desc'],
    ['platform=instagram', 'querystring.platform must be one of: bigblondehair, wornontv'],
    ['filter=everything', 'querystring.filter must be one of: latest, top'],
  ])('answers 400 for %s with a clear message', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_FAILED' });
    expect(res.headers['cache-control']).toBe('no-store'); // an error is never cached
  });
});

describe('GET /api/posts filters (storefront.md §4 name matching)', () => {
  it('matches a show exactly, then case-insensitively, ignoring a leading The', async () => {
    expect(await titles('?show=Selling%20Sunset')).toEqual(['Chrishell heels', 'Chrishell blazer']);
    expect(await titles('?show=selling%20SUNSET')).toEqual(['Chrishell heels', 'Chrishell blazer']);
    expect(await titles('?show=office')).toEqual(['kyle chan coat']);
    expect(await titles('?show=The%20Real%20Housewives%20of%20Atlanta')).toEqual([
      'Kenya earrings',
      'Kenya gown',
    ]);
  });

  it("selects every show containing 'Real Housewives'", async () => {
    const body = await list('?show=Real%20Housewives');
    expect(body.posts.map((p) => p.title)).toEqual([
      'Kenya earrings',
      'Kenya gown',
      'Kyle bag',
      'Kyle boots',
      'Kyle red dress',
    ]);
  });

  it('falls back to a partial match, taking the name with the most looks', async () => {
    expect(await titles('?show=sunset')).toEqual(['Chrishell heels', 'Chrishell blazer']);
    expect(await titles('?celebrity=kyle')).toEqual(['Kyle bag', 'Kyle boots', 'Kyle red dress']);
    expect(await titles('?celebrity=kyle%20chan')).toEqual(['kyle chan coat']);
  });

  it('takes comma lists and answers nothing for an unknown name', async () => {
    expect(await titles('?celebrity=Kenya%20Moore,chrishell%20stause&limit=10')).toEqual([
      'Chrishell heels',
      'Chrishell blazer',
      'Kenya earrings',
      'Kenya gown',
    ]);
    expect(await titles('?show=Selling%20Sunset,The%20Office')).toEqual([
      'Chrishell heels',
      'Chrishell blazer',
      'kyle chan coat',
    ]);
    const none = await list('?celebrity=Nobody%20Known');
    expect(none.posts).toEqual([]);
    expect(none.pagination.totalPosts).toBe(0);
  });

  it('filters by brand, product type, platform, search and top picks', async () => {
    expect(await titles('?brand=gucci')).toEqual(['Kyle bag', 'Kyle boots']);
    expect(await titles('?product=boots,handbag')).toEqual(['Kyle bag', 'Kyle boots']);
    expect(await titles('?platform=bigblondehair')).toEqual(['Kyle bag']);
    expect(await titles('?search=LOUBOUTIN')).toEqual(['Chrishell heels']);
    expect(await titles('?search=kyle%20b')).toEqual(['Kyle bag', 'Kyle boots']);
    expect(await titles('?search=100%25')).toEqual([]);
    expect(await titles('?filter=top')).toEqual(['Chrishell blazer', 'Kyle bag']);
    expect(await titles('?celebrity=Kyle%20Richards&brand=Gucci&product=Boots')).toEqual(['Kyle boots']);
  });

  it("counts each facet group under every filter except the group's own, so a choice can be widened", async () => {
    const body = await list('?show=Real%20Housewives&limit=1');
    expect(body.pagination.totalPosts).toBe(5);
    expect(body.facets).toEqual({
      // no show filter applies to the Shows group: every show, with the posts it would add
      shows: [
        { name: 'Selling Sunset', count: 2 },
        { name: RHOA, count: 2 },
        { name: RHOBH, count: 3 },
        { name: 'The Office', count: 1 },
      ].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      celebrities: [
        { name: 'Kyle Richards', count: 3 },
        { name: 'Kenya Moore', count: 2 },
      ],
      brands: [
        { name: 'Gucci', count: 2 },
        { name: 'Cartier', count: 1 },
        { name: 'Dior', count: 1 },
        { name: 'Valentino', count: 1 },
      ],
      productTypes: [
        { name: 'Dress', count: 2 },
        { name: 'Boots', count: 1 },
        { name: 'Earrings', count: 1 },
        { name: 'Handbag', count: 1 },
      ],
    });
  });

  it("with a celebrity chosen, the Shows group still lists that celebrity's shows and the Celebrities group every celebrity", async () => {
    const body = await list('?celebrity=Kyle%20Richards&show=Selling%20Sunset&limit=1');
    expect(body.pagination.totalPosts).toBe(0);
    expect(body.facets.shows).toEqual([{ name: RHOBH, count: 3 }]);
    expect(body.facets.celebrities).toEqual([{ name: 'Chrishell Stause', count: 2 }]);
    // the other groups apply both choices: nothing matches both
    expect(body.facets.brands).toEqual([]);
  });

  it('applies the shared filters (top picks, search, platform) to every group', async () => {
    const body = await list('?filter=top&show=Selling%20Sunset&limit=1');
    expect(body.pagination.totalPosts).toBe(1);
    expect(body.facets.shows).toEqual([
      { name: 'Selling Sunset', count: 1 },
      { name: RHOBH, count: 1 },
    ]);
    expect(body.facets.brands).toEqual([{ name: 'Saint Laurent', count: 1 }]);
  });

  it('never shows a pending, rejected or hidden post, whatever the filter', async () => {
    for (const query of [
      '',
      '?celebrity=Kyle%20Richards',
      '?show=Selling%20Sunset',
      '?brand=Gucci',
      '?search=secret',
      '?filter=top',
      '?filter=latest',
      '?sort=viewCount',
    ]) {
      const body = await list(query);
      expect(
        body.posts.some((p) => p.title.startsWith('SECRET')),
        query,
      ).toBe(false);
      // a group's counts ignore the group's own filter: sum a group the query does not filter
      const group = query.startsWith('?show') ? 'celebrities' : 'shows';
      const facetTotal = body.facets[group]!.reduce((a, f) => a + f.count, 0);
      expect(facetTotal, query).toBe(body.pagination.totalPosts);
    }
  });

  it('keeps cached facets until the catalog data version changes', async () => {
    const before = await list('?brand=Prada');
    expect(before.pagination.totalPosts).toBe(0);
    const [id] = await addPosts(t.db, [
      { title: 'Prada late arrival', brand: 'Prada', celebrity: 'Kyle Richards', show: RHOBH },
    ]);
    expect((await list('?brand=Prada')).pagination.totalPosts).toBe(0);
    await t.redis.incr(catalogKeys(t.keyPrefix).dataVersion);
    const after = await list('?brand=Prada');
    expect(after.pagination.totalPosts).toBe(1);
    expect(after.posts.map((p) => p._id)).toEqual([id]);
    await t.db.deleteFrom('posts').where('id', '=', id!).execute();
    await t.redis.incr(catalogKeys(t.keyPrefix).dataVersion);
  });
});

describe('public caching of GET /api/posts', () => {
  it('sends Cache-Control and an ETag, and 304 when If-None-Match matches', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/posts?limit=2' });
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const etag = first.headers.etag as string;
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/posts?limit=2',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/posts?limit=3',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
  });
});
