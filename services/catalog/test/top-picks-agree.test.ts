import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPosts } from './helpers/post-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

// storefront.md §2, §9: the Top Picks page lists the top 100; /Fashion?filter=top says the same.
let t: TestCatalog;

beforeAll(async () => {
  t = await startTestCatalog('top_picks_agree');
  await addPosts(
    t.db,
    Array.from({ length: 116 }, (_, i) => ({
      title: `Pick ${i}`,
      is_top_pick: true,
      show: i % 2 === 0 ? 'Selling Sunset' : 'The Bear',
    })),
  );
  await addPosts(t.db, [{ title: 'Not a pick', is_top_pick: false }]);
});
afterAll(async () => {
  await t.close();
});

async function getJson<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('Top Picks agree between GET /api/posts/top-picks and GET /api/posts?filter=top', () => {
  it('keeps the same 100 of 116 top picks in both', async () => {
    const short = await getJson<{ posts: { _id: string }[] }>('/api/posts/top-picks?limit=100');
    expect(short.posts).toHaveLength(100);
    const ids = new Set<string>();
    for (let page = 1; page <= 2; page++) {
      const listing = await getJson<{ posts: { _id: string }[]; pagination: { totalPosts: number } }>(
        `/api/posts?filter=top&limit=60&page=${page}`,
      );
      expect(listing.pagination.totalPosts).toBe(100);
      for (const p of listing.posts) ids.add(p._id);
    }
    expect([...ids].sort()).toEqual(short.posts.map((p) => p._id).sort());
  });

  it('filters within the same 100, as the Top Picks page filters its list', async () => {
    const short = await getJson<{ posts: { _id: string; show: string }[] }>('/api/posts/top-picks?limit=100');
    const sunset = short.posts.filter((p) => p.show === 'Selling Sunset').length;
    const listing = await getJson<{
      pagination: { totalPosts: number };
      facets: { shows: { name: string; count: number }[] };
    }>('/api/posts?filter=top&show=Selling%20Sunset&limit=1');
    expect(listing.pagination.totalPosts).toBe(sunset);
    expect(listing.facets.shows.reduce((a, f) => a + f.count, 0)).toBe(100);
  });
});
