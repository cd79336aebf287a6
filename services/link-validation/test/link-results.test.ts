import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { clearLinkHealth, insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
let token: string;
const BASE = '/api/admin/link-validation';
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startHarness('link-results');
  token = await h.signer.sign({ sub: randomUUID(), ver: 1 });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await clearLinkHealth(h.db);
});

interface Row {
  postId: string;
  linkId: string;
  linkIndex: number;
  postTitle: string;
  [field: string]: unknown;
}
const results = async (query: string) => {
  const answer = await h.app.inject({
    method: 'GET',
    url: `${BASE}/results?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    results: Row[];
    pagination: { page: number; pages: number; total: number; hasPrevPage: boolean; hasNextPage: boolean };
    filterOptions: Record<string, string[]>;
  };
};
const linkIds = async (query: string) => (await results(query)).results.map((r) => r.linkId).sort();

describe('GET /results answer', () => {
  it('answers every §3 field of a link row, confidence as a percent, realUrl from the last check', async () => {
    const postId = await insertPost(h.db, {
      title: 'Red carpet look',
      main_image: 'https://img.example/main.jpg',
      enhanced_image: 'https://img.example/enhanced.jpg',
      status: 'pending',
      post_created_at: new Date('2026-03-04T05:06:07.000Z'),
    });
    const checked = new Date('2026-11-20T10:00:00.000Z');
    const next = new Date('2026-11-27T10:00:00.000Z');
    const linkId = await insertLink(h.db, postId, 0, {
      link_text: 'Shop the dress',
      original_url: 'https://shop.example/dress?utm_source=x',
      clean_url: 'https://shop.example/dress',
      final_url: 'https://www.shop.example/dress',
      catalog_real_url: 'https://catalog.example/resolved',
      link_status: 'sold_out',
      confidence: 0.85,
      http_status: 200,
      retailer: 'Shop Example',
      stock_status: 'out_of_stock',
      price: '1299.50',
      currency: 'EUR',
      response_time: 321,
      validation_count: 4,
      last_checked: checked,
      next_check_at: next,
      recommendation: 'use_cleaned_url',
      error_message: 'Sold out',
    });
    const answer = await results('');
    expect(answer.results).toEqual([
      {
        postId,
        postTitle: 'Red carpet look',
        postImage: 'https://img.example/main.jpg',
        enhancedImage: 'https://img.example/enhanced.jpg',
        postPlatform: 'wornontv',
        postStatus: 'pending',
        postCreated: '2026-03-04T05:06:07.000Z',
        celebrity: 'Zendaya',
        show: 'Euphoria',
        brand: 'Prada',
        productType: 'Dress',
        linkId,
        linkIndex: 0,
        linkStatus: 'sold_out',
        retailer: 'Shop Example',
        confidence: 85,
        lastChecked: checked.toISOString(),
        httpStatus: 200,
        stockStatus: 'out_of_stock',
        price: 1299.5,
        currency: 'EUR',
        responseTime: 321,
        validationCount: 4,
        nextCheckDate: next.toISOString(),
        recommendation: 'use_cleaned_url',
        errorMessage: 'Sold out',
        linkText: 'Shop the dress',
        cleanUrl: 'https://shop.example/dress',
        originalUrl: 'https://shop.example/dress?utm_source=x',
        realUrl: 'https://www.shop.example/dress',
        statusChangedBy: null,
        statusChangedAt: null,
        statusNotes: null,
      },
    ]);
    expect(answer.pagination).toEqual({
      page: 1,
      pages: 1,
      total: 1,
      hasPrevPage: false,
      hasNextPage: false,
    });
  });

  it("falls back to the catalog's resolved URL before the first check", async () => {
    const postId = await insertPost(h.db);
    await insertLink(h.db, postId, 0, { final_url: null, catalog_real_url: 'https://catalog.example/r' });
    expect((await results('')).results[0]!.realUrl).toBe('https://catalog.example/r');
  });

  it('never shows a deleted post', async () => {
    const live = await insertPost(h.db);
    const gone = await insertPost(h.db, { deleted: true, celebrity: 'Gone Celebrity' });
    await insertLink(h.db, live, 0);
    await insertLink(h.db, gone, 0, { retailer: 'Gone Retailer' });
    const answer = await results('');
    expect(answer.results.map((r) => r.postId)).toEqual([live]);
    expect(answer.pagination.total).toBe(1);
    expect(answer.filterOptions.celebrities).not.toContain('Gone Celebrity');
    expect(answer.filterOptions.retailers).not.toContain('Gone Retailer');
    expect((await results(`postId=${gone}`)).results).toEqual([]);
  });
});

describe('GET /results filters (§3)', () => {
  it('filters by each post field exactly: celebrity, show, brand, platform, productType, postId', async () => {
    const a = await insertPost(h.db, {
      celebrity: 'Rihanna',
      show: 'Met Gala',
      brand: 'Dior',
      platform: 'bigblondehair',
      product_type: 'Bag',
    });
    const b = await insertPost(h.db);
    const la = await insertLink(h.db, a, 0);
    const lb = await insertLink(h.db, b, 0);
    expect(await linkIds('celebrity=Rihanna')).toEqual([la]);
    expect(await linkIds('show=Met%20Gala')).toEqual([la]);
    expect(await linkIds('brand=Dior')).toEqual([la]);
    expect(await linkIds('platform=bigblondehair')).toEqual([la]);
    expect(await linkIds('productType=Bag')).toEqual([la]);
    expect(await linkIds(`postId=${b}`)).toEqual([lb]);
    expect(await linkIds('celebrity=Zendaya&brand=Dior')).toEqual([]);
    // A blank filter is no filter (a cleared dropdown).
    expect(await linkIds('celebrity=&brand=')).toEqual([la, lb].sort());
  });

  it('filters by each link field: retailer, recommendation, confidence range, validated dates', async () => {
    const post = await insertPost(h.db);
    const now = Date.now();
    const l1 = await insertLink(h.db, post, 0, {
      retailer: 'Net A Porter',
      recommendation: 'investigate',
      confidence: 0.4,
      last_checked: new Date('2026-11-10T23:59:59.000Z'),
    });
    const l2 = await insertLink(h.db, post, 1, {
      retailer: 'Asos',
      recommendation: 'equivalent',
      confidence: 0.8,
      last_checked: new Date('2026-11-11T00:00:00.000Z'),
    });
    const l3 = await insertLink(h.db, post, 2, { confidence: 0.6, last_checked: null });
    expect(await linkIds('retailer=Asos')).toEqual([l2]);
    expect(await linkIds('recommendation=investigate')).toEqual([l1]);
    // Bounds are inclusive on the stored values.
    expect(await linkIds('minConfidence=0.8')).toEqual([l2]);
    expect(await linkIds('maxConfidence=0.4')).toEqual([l1]);
    expect(await linkIds('minConfidence=0.5&maxConfidence=0.7')).toEqual([l3]);
    // A date covers its whole UTC day; a never-checked link matches no date filter.
    expect(await linkIds('validatedAfter=2026-11-11')).toEqual([l2]);
    expect(await linkIds('validatedBefore=2026-11-10')).toEqual([l1]);
    expect(await linkIds('validatedAfter=2026-11-10&validatedBefore=2026-11-11')).toEqual([l1, l2].sort());
    expect(await linkIds('validatedAfter=2026-11-11T00:00:00.000Z')).toEqual([l2]);
    expect(await linkIds('validatedBefore=2026-11-11T00:00:00Z')).toEqual([l1, l2].sort());
    expect(await linkIds(`validatedAfter=${new Date(now - DAY).toISOString()}`)).toEqual([]);
  });

  it('takes linkStatus as one value, a comma list or repeated', async () => {
    const post = await insertPost(h.db);
    const statuses = ['active', 'sold_out', '404', 'invalid', 'server_error', 'unknown'];
    const ids: Record<string, string> = {};
    for (const [i, status] of statuses.entries()) {
      ids[status] = await insertLink(h.db, post, i, { link_status: status });
    }
    expect(await linkIds('linkStatus=404')).toEqual([ids['404']]);
    expect(await linkIds('linkStatus=404,invalid')).toEqual([ids['404'], ids.invalid].sort());
    expect(await linkIds('linkStatus=404&linkStatus=sold_out')).toEqual([ids['404'], ids.sold_out].sort());
    expect(await linkIds('linkStatus=%20404%20,,unknown')).toEqual([ids['404'], ids.unknown].sort());
  });

  it('searches post title, link text, every URL, brand, celebrity and show, case-insensitively', async () => {
    const titled = await insertPost(h.db, {
      title: 'Golden Globes Gown',
      celebrity: 'A',
      show: 'B',
      brand: 'C',
    });
    const plain = await insertPost(h.db, {
      title: 'Plain',
      celebrity: 'Taylor Swift',
      show: 'Eras',
      brand: 'Gucci',
    });
    const t0 = await insertLink(h.db, titled, 0);
    const t1 = await insertLink(h.db, titled, 1);
    const p0 = await insertLink(h.db, plain, 0, { link_text: 'Buy the CHELSEA boots' });
    const p1 = await insertLink(h.db, plain, 1, {
      original_url: 'https://a.example/x',
      clean_url: 'https://clean.example/sku-77',
      final_url: 'https://final.example/landing',
      catalog_real_url: 'https://real.example/resolved_100%',
    });
    // A post field matches all its links; a link field matches that link only.
    expect(await linkIds('search=golden%20GLOBES')).toEqual([t0, t1].sort());
    expect(await linkIds('search=chelsea')).toEqual([p0]);
    expect(await linkIds('search=A.EXAMPLE')).toEqual([p1]);
    expect(await linkIds('search=sku-77')).toEqual([p1]);
    expect(await linkIds('search=final.example')).toEqual([p1]);
    expect(await linkIds('search=resolved_100%25')).toEqual([p1]);
    expect(await linkIds('search=taylor')).toEqual([p0, p1].sort());
    expect(await linkIds('search=eras')).toEqual([p0, p1].sort());
    expect(await linkIds('search=gucci')).toEqual([p0, p1].sort());
    // LIKE wildcards are literal.
    expect(await linkIds('search=%25')).toEqual([p1]);
    expect(await linkIds('search=_')).toEqual([p1]);
  });
});

describe('quick filters (§4.3) through the same parameters', () => {
  it('expresses each preset and combines them with other filters', async () => {
    const post = await insertPost(h.db, { celebrity: 'Beyonce' });
    const other = await insertPost(h.db);
    const recent = new Date(Date.now() - 2 * DAY);
    const old = new Date(Date.now() - 10 * DAY);
    const fixed = await insertLink(h.db, post, 0, {
      link_status: 'active',
      last_checked: recent,
      confidence: 0.95,
    });
    const stale = await insertLink(h.db, post, 1, {
      link_status: 'active',
      last_checked: old,
      confidence: 0.3,
    });
    const missing = await insertLink(h.db, post, 2, { link_status: '404', confidence: 0.95 });
    const soldOut = await insertLink(h.db, post, 3, { link_status: 'sold_out', confidence: 0.7 });
    const removed = await insertLink(h.db, other, 0, { link_status: 'product_removed', confidence: 0.75 });
    const denied = await insertLink(h.db, other, 1, { link_status: 'access_denied', confidence: 0.6 });
    const redirect = await insertLink(h.db, other, 2, { link_status: 'redirect_error', confidence: 0.9 });
    const sevenDaysAgo = new Date(Date.now() - 7 * DAY).toISOString();

    expect(await linkIds('linkStatus=404')).toEqual([missing]); // Needs Attention
    expect(await linkIds(`linkStatus=active&validatedAfter=${sevenDaysAgo}`)).toEqual([fixed]); // Recently Fixed
    expect(await linkIds('minConfidence=0.8')).toEqual([fixed, missing, redirect].sort()); // High Confidence
    expect(await linkIds('maxConfidence=0.4')).toEqual([stale]); // Low Confidence
    expect(await linkIds('linkStatus=sold_out')).toEqual([soldOut]); // Sold Out
    const broken = 'linkStatus=404,invalid,server_error,redirect_error,access_denied,product_removed';
    expect(await linkIds(broken)).toEqual([missing, removed, denied, redirect].sort()); // Broken Links
    expect(await linkIds(`${broken}&minConfidence=0.8`)).toEqual([missing, redirect].sort());
    expect(await linkIds(`${broken}&celebrity=Beyonce`)).toEqual([missing]);
    expect(await linkIds(`${broken}&search=beyonce&maxConfidence=0.4`)).toEqual([]);
  });
});

describe('GET /results sorting and pagination by post', () => {
  it('sorts posts by postCreated descending by default, and by each sort field both ways', async () => {
    const a = await insertPost(h.db, {
      title: 'Alpha',
      celebrity: 'Cher',
      show: 'Friends',
      brand: 'Zara',
      platform: 'wornontv',
      status: 'approved',
      post_created_at: new Date('2026-01-01T00:00:00Z'),
    });
    const b = await insertPost(h.db, {
      title: 'Bravo',
      celebrity: 'Adele',
      show: 'Suits',
      brand: 'Armani',
      platform: 'bigblondehair',
      status: 'pending',
      post_created_at: new Date('2026-03-01T00:00:00Z'),
    });
    const c = await insertPost(h.db, {
      title: 'Charlie',
      celebrity: 'Bjork',
      show: 'Atlanta',
      brand: 'Miu Miu',
      platform: 'wornontv',
      status: 'hidden',
      post_created_at: new Date('2026-02-01T00:00:00Z'),
    });
    for (const post of [a, b, c]) await insertLink(h.db, post, 0);
    const order = async (query: string) => (await results(query)).results.map((r) => r.postId);

    expect(await order('')).toEqual([b, c, a]);
    expect(await order('sortBy=postCreated&sortOrder=asc')).toEqual([a, c, b]);
    expect(await order('sortBy=postTitle&sortOrder=asc')).toEqual([a, b, c]);
    expect(await order('sortBy=postTitle')).toEqual([c, b, a]);
    expect(await order('sortBy=celebrity&sortOrder=asc')).toEqual([b, c, a]);
    expect(await order('sortBy=celebrity&sortOrder=desc')).toEqual([a, c, b]);
    expect(await order('sortBy=show&sortOrder=asc')).toEqual([c, a, b]);
    expect(await order('sortBy=brand&sortOrder=asc')).toEqual([b, c, a]);
    expect(await order('sortBy=postStatus&sortOrder=asc')).toEqual([a, c, b]);
    // Ties follow the direction of the sort: newest first when descending.
    expect(await order('sortBy=platform&sortOrder=desc')).toEqual([c, a, b]);
    expect(await order('sortBy=platform&sortOrder=asc')).toEqual([b, a, c]);
  });

  it('keeps a post’s links together by linkIndex, and sorts them by linkIndex when asked', async () => {
    const post = await insertPost(h.db);
    for (const index of [2, 0, 1]) await insertLink(h.db, post, index);
    const indexes = async (query: string) => (await results(query)).results.map((r) => r.linkIndex);
    expect(await indexes('')).toEqual([0, 1, 2]);
    expect(await indexes(`postId=${post}&page=1&limit=100&sortBy=linkIndex&sortOrder=asc`)).toEqual([
      0, 1, 2,
    ]);
    expect(await indexes('sortBy=linkIndex&sortOrder=desc')).toEqual([2, 1, 0]);
  });

  it('pages by post: total counts matching posts and a page holds whole posts', async () => {
    const posts: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const post = await insertPost(h.db, { post_created_at: new Date(Date.UTC(2026, 0, 10 - i)) });
      posts.push(post);
      // Three links each; only two of them 404.
      await insertLink(h.db, post, 0, { link_status: '404' });
      await insertLink(h.db, post, 1, { link_status: 'active' });
      await insertLink(h.db, post, 2, { link_status: '404' });
    }
    const noMatch = await insertPost(h.db, { post_created_at: new Date(Date.UTC(2026, 0, 20)) });
    await insertLink(h.db, noMatch, 0, { link_status: 'active' });

    const first = await results('linkStatus=404&limit=2');
    expect(first.pagination).toEqual({ page: 1, pages: 3, total: 5, hasPrevPage: false, hasNextPage: true });
    expect(first.results.map((r) => [r.postId, r.linkIndex])).toEqual([
      [posts[0], 0],
      [posts[0], 2],
      [posts[1], 0],
      [posts[1], 2],
    ]);
    const middle = await results('linkStatus=404&limit=2&page=2');
    expect(middle.pagination).toEqual({ page: 2, pages: 3, total: 5, hasPrevPage: true, hasNextPage: true });
    expect(new Set(middle.results.map((r) => r.postId))).toEqual(new Set([posts[2], posts[3]]));
    const last = await results('linkStatus=404&limit=2&page=3');
    expect(last.pagination).toEqual({ page: 3, pages: 3, total: 5, hasPrevPage: true, hasNextPage: false });
    expect(last.results.map((r) => r.postId)).toEqual([posts[4], posts[4]]);
    const beyond = await results('linkStatus=404&limit=2&page=4');
    expect(beyond.results).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: 4, pages: 3, hasPrevPage: true, hasNextPage: false });
  });

  it('uses a page size of 50 posts by default', async () => {
    for (let i = 0; i < 51; i += 1) await insertLink(h.db, await insertPost(h.db), 0);
    const answer = await results('');
    expect(new Set(answer.results.map((r) => r.postId)).size).toBe(50);
    expect(answer.pagination).toMatchObject({ total: 51, pages: 2, hasNextPage: true });
  });

  it('counts each live post once for recommendation and validated-date filters', async () => {
    const inWindow = new Date('2026-11-10T12:00:00.000Z');
    // Three matching links of one post: one post.
    const many = await insertPost(h.db, { celebrity: 'Beyonce' });
    for (const i of [0, 1, 2]) {
      await insertLink(h.db, many, i, { recommendation: 'investigate', last_checked: inWindow });
    }
    // On the last instant of the inclusive end day, beside a link with another recommendation.
    const edge = await insertPost(h.db);
    await insertLink(h.db, edge, 0, { recommendation: 'use_original', last_checked: inWindow });
    await insertLink(h.db, edge, 1, {
      recommendation: 'investigate',
      link_status: '404',
      last_checked: new Date('2026-11-20T23:59:59.999Z'),
    });
    // None of these match: a deleted post, a check the day after, a link never checked, no recommendation.
    const deleted = await insertPost(h.db, { deleted: true });
    await insertLink(h.db, deleted, 0, { recommendation: 'investigate', last_checked: inWindow });
    await insertLink(h.db, deleted, 1, { recommendation: 'investigate', last_checked: inWindow });
    const after = await insertPost(h.db);
    await insertLink(h.db, after, 0, {
      recommendation: 'investigate',
      last_checked: new Date('2026-11-21T00:00:00.000Z'),
    });
    const unchecked = await insertPost(h.db);
    await insertLink(h.db, unchecked, 0, { recommendation: 'investigate', last_checked: null });
    const none = await insertPost(h.db);
    await insertLink(h.db, none, 0, { recommendation: null, last_checked: inWindow });

    const dates = 'validatedAfter=2026-11-01&validatedBefore=2026-11-20';
    const expectTotal = async (query: string, posts: string[]) => {
      const answer = await results(query);
      expect(answer.pagination.total, query).toBe(posts.length);
      expect(new Set(answer.results.map((r) => r.postId)), query).toEqual(new Set(posts));
    };
    await expectTotal(`recommendation=investigate&${dates}`, [many, edge]);
    await expectTotal('recommendation=investigate', [many, edge, after, unchecked]);
    await expectTotal(`recommendation=investigate&linkStatus=404&${dates}`, [edge]);
    await expectTotal(`recommendation=use_original&${dates}`, [edge]);
    await expectTotal(`recommendation=investigate&${dates}&celebrity=Beyonce`, [many]);
    await expectTotal(`recommendation=equivalent&${dates}`, []);

    // Whoever changes a link's status or recommendation (an admin, a check, a repair), the counts follow.
    await h.db
      .updateTable('link_validation.links')
      .set({ link_status: 'active', recommendation: 'equivalent' })
      .where('post_id', '=', edge)
      .where('link_index', '=', 1)
      .execute();
    await expectTotal(`recommendation=investigate&linkStatus=404&${dates}`, []);
    await expectTotal(`recommendation=equivalent&linkStatus=active&${dates}`, [edge]);
    await expectTotal(`recommendation=investigate&${dates}`, [many]);
  });

  it('answers an empty page with zero pages when nothing matches', async () => {
    expect(await results('linkStatus=404')).toEqual({
      results: [],
      pagination: { page: 1, pages: 0, total: 0, hasPrevPage: false, hasNextPage: false },
      filterOptions: {
        retailers: [],
        celebrities: [],
        shows: [],
        brands: [],
        platforms: [],
        productTypes: [],
      },
    });
  });
});

describe('filterOptions', () => {
  it('lists every distinct non-blank value, sorted, whatever the current filters', async () => {
    const a = await insertPost(h.db, {
      celebrity: 'Zoe',
      show: '',
      brand: 'Dior',
      platform: 'bigblondehair',
      product_type: 'Bag',
    });
    const b = await insertPost(h.db, {
      celebrity: 'Amy',
      show: 'Suits',
      brand: 'Dior',
      product_type: 'Shoes',
    });
    await insertLink(h.db, a, 0, { retailer: 'Zalando' });
    await insertLink(h.db, a, 1, { retailer: null });
    await insertLink(h.db, b, 0, { retailer: 'Asos', link_status: '404' });
    await insertLink(h.db, b, 1, { retailer: 'Asos' });
    const { filterOptions } = await results('linkStatus=404&celebrity=Amy');
    expect(filterOptions).toEqual({
      retailers: ['Asos', 'Zalando'],
      celebrities: ['Amy', 'Zoe'],
      shows: ['Suits'],
      brands: ['Dior'],
      platforms: ['bigblondehair', 'wornontv'],
      productTypes: ['Bag', 'Shoes'],
    });
  });
});

describe('GET /results bad input', () => {
  it.each([
    ['linkStatus=broken', 'linkStatus "broken" is not one of'],
    ['linkStatus=404,nope', 'linkStatus "nope" is not one of'],
    ['recommendation=whatever', 'recommendation "whatever" is not one of'],
    ['minConfidence=80', 'querystring.minConfidence must be <= 1'],
    ['maxConfidence=-0.1', 'querystring.maxConfidence must be >= 0'],
    ['minConfidence=0.9&maxConfidence=0.2', 'minConfidence must not be greater than maxConfidence'],
    ['minConfidence=high', 'querystring.minConfidence must be number'],
    ['validatedAfter=yesterday', 'validatedAfter must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['validatedBefore=2026-02-30', 'validatedBefore must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['sortBy=price', 'querystring.sortBy must be'],
    ['sortOrder=up', 'querystring.sortOrder must be'],
    ['page=0', 'querystring.page must be >= 1'],
    ['limit=101', 'querystring.limit must be <= 100'],
    ['limit=10000', 'querystring.limit must be <= 100'],
    ['postId=42', 'querystring.postId must match format "uuid"'],
    [`search=${'x'.repeat(201)}`, 'querystring.search must NOT have more than 200 characters'],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const answer = await h.app.inject({
      method: 'GET',
      url: `${BASE}/results?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(answer.json().message).toContain(message);
  });
});
