import { POST_SORT_FIELDS } from '@celebstyle/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_STEP } from '../src/modules/posts/posts.service.ts';
import { seed } from '../src/seed/seed-catalog.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let approvedTotal: number;
beforeAll(async () => {
  t = await startTestCatalog('posts_deep');
  await seed(t.db, { seed: 11, posts: 1600 });
  // Prices on about two thirds of the posts' first links, with ties: the price sort's deep pages
  // then cross priced and unpriced posts.
  await sql`update affiliate_links set health_status = 'active', stock_status = 'in_stock',
      price = (abs(hashtext(post_id::text)) % 40) * 2.5, currency = 'USD'
    where position = 0 and abs(hashtext(post_id::text)) % 3 <> 0`.execute(t.db);
  approvedTotal = (
    await t.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow()
  ).n;
});
afterAll(async () => {
  await t.close();
});

const columns = (sort: (typeof POST_SORT_FIELDS)[number], order: 'asc' | 'desc') =>
  ({
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    viewCount: 'view_count',
    title: 'lower(title)',
    price: `coalesce(offer_price, '${order === 'asc' ? '' : '-'}Infinity'::numeric)`,
  })[sort];

describe('GET /api/posts deep pages (keyset anchors)', () => {
  it('has enough approved posts to reach past several anchors', () => {
    expect(approvedTotal).toBeGreaterThan(ANCHOR_STEP * 2);
  });

  for (const sort of POST_SORT_FIELDS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`answers the same rows as OFFSET would for sort=${sort}&order=${order}`, async () => {
        for (const [page, limit] of [
          [26, 20],
          [43, 25],
          [12, 100],
        ] as const) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/posts?sort=${sort}&order=${order}&page=${page}&limit=${limit}`,
          });
          expect(res.statusCode).toBe(200);
          const got = res.json().posts.map((p: { _id: string }) => p._id);
          const { rows } = await sql<{ id: string }>`
            select id from posts where status = 'approved'
            order by ${sql.raw(columns(sort, order))} ${sql.raw(order)}, id ${sql.raw(order)}
            offset ${(page - 1) * limit} limit ${limit}`.execute(t.db);
          expect(got, `page ${page} limit ${limit}`).toEqual(rows.map((r) => r.id));
        }
      });
    }
  }

  it('answers an empty page past the end with the right pagination', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts?page=1000&limit=20' });
    const body = res.json();
    expect(body.posts).toEqual([]);
    expect(body.pagination).toMatchObject({
      currentPage: 1000,
      totalPosts: approvedTotal,
      hasNextPage: false,
    });
  });

  it('keeps filter=latest to the newest 100 by update date', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/posts?filter=latest&sort=updatedAt&limit=200',
    });
    const body = res.json();
    expect(body.pagination.totalPosts).toBe(100);
    const { rows } = await sql<{ id: string }>`
      select id from posts where status = 'approved' order by updated_at desc, id desc limit 100`.execute(
      t.db,
    );
    expect(body.posts.map((p: { _id: string }) => p._id)).toEqual(rows.map((r) => r.id));
  });
});
