import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

// A new deployment before its first post: every public read answers an empty, well-formed page.
let t: TestCatalog;
beforeAll(async () => {
  t = await startTestCatalog('empty_catalogue');
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
};

describe('public reads on an empty catalogue', () => {
  it('lists no posts with zero pagination and empty facets', async () => {
    expect(await get('/api/posts?page=1&limit=20')).toEqual({
      status: 200,
      body: {
        posts: [],
        pagination: { currentPage: 1, totalPages: 0, totalPosts: 0, hasNextPage: false, hasPrevPage: false },
        facets: { shows: [], celebrities: [], brands: [], productTypes: [] },
      },
    });
    // 'Real Housewives' selects every show containing the phrase: here there is none, so nothing.
    expect((await get('/api/posts?filter=latest&show=Real%20Housewives&page=3')).body.posts).toEqual([]);
  });

  it('answers empty carousels, trending and directories', async () => {
    expect(await get('/api/posts/top-picks')).toEqual({ status: 200, body: { posts: [] } });
    expect(await get('/api/posts/popular-posts')).toEqual({ status: 200, body: { posts: [] } });
    expect(await get('/api/posts/trending-celebrities?limit=12')).toEqual({ status: 200, body: [] });
    const shows = await get('/api/posts/shows');
    expect(shows.status).toBe(200);
    expect(shows.body.shows).toEqual([]);
  });

  it('finds nothing, and says unknown names are not found', async () => {
    const search = await get('/api/posts/search/dress');
    expect(search.status).toBe(200);
    expect(search.body.posts).toEqual([]);
    expect(await get('/api/search?q=kyle')).toMatchObject({
      status: 200,
      body: { posts: [], celebrities: [], shows: [] },
    });
    expect(await get('/api/posts/celebrity/kyle-richards')).toMatchObject({
      status: 404,
      body: { message: 'Celebrity not found' },
    });
    expect(await get('/api/posts/show/the-bear')).toMatchObject({
      status: 404,
      body: { message: 'Show not found: "the-bear"' },
    });
  });
});
