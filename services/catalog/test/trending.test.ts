import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRevalidates,
  insertPosts,
  NOT_PUBLIC,
  postsChanged,
  type PostSpec,
} from './helpers/search-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
beforeAll(async () => {
  t = await startTestCatalog('trending');
});
afterAll(async () => {
  await t?.close();
});

const looks = (celebrity: string, n: number, ageDays: number, extra: Partial<PostSpec> = {}): PostSpec[] =>
  Array.from({ length: n }, () => ({
    celebrity,
    show: 'Real Housewives of Beverly Hills',
    ageDays,
    ...extra,
  }));

describe('GET /api/posts/trending-celebrities', () => {
  it('ranks by recent approved looks, then all approved looks, then name, de-duplicated by case', async () => {
    await t.db
      .insertInto('celebrities')
      .values({ name: 'Kyle Richards', slug: 'kyle-richards', profile_image: '/celebs/kyle.jpg' })
      .execute();
    await insertPosts(t.db, [
      // Kyle: 3 recent (two spellings), 1 old → recent 3, total 4; profile image wins.
      ...looks('Kyle Richards', 2, 3),
      ...looks('kyle richards', 1, 10),
      ...looks('Kyle Richards', 1, 100),
      // Dorit: 3 recent, 5 total → same recent as Kyle, more looks → first (post 4 is her newest).
      ...looks('Dorit Kemsley', 3, 2),
      ...looks('Dorit Kemsley', 2, 200),
      // Erika and Garcelle: 1 recent, 2 total each → tie broken by name.
      ...looks('Garcelle Beauvais', 1, 5),
      ...looks('Garcelle Beauvais', 1, 50),
      ...looks('Erika Jayne', 1, 5, { image: null }),
      ...looks('Erika Jayne', 1, 60, { image: '/img/erika.jpg' }),
      // Lisa: many old looks, nothing recent → after everyone with recent looks.
      ...looks('Lisa Rinna', 9, 90),
      // The placeholder name never trends.
      ...looks('Unknown Celebrity', 20, 1),
      // Not public: never counted.
      ...NOT_PUBLIC.flatMap((status) => looks('Lisa Rinna', 5, 1, { status })),
      ...NOT_PUBLIC.flatMap((status) => looks('Hidden Person', 5, 1, { status })),
    ]);
    await postsChanged(t);

    const res = await t.app.inject({ method: 'GET', url: '/api/posts/trending-celebrities?limit=10' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'Dorit Kemsley', count: 5, imageUrl: '/img/4.jpg' },
      { name: 'Kyle Richards', count: 4, imageUrl: '/celebs/kyle.jpg' },
      { name: 'Erika Jayne', count: 2, imageUrl: '/img/erika.jpg' },
      { name: 'Garcelle Beauvais', count: 2, imageUrl: '/img/9.jpg' },
      { name: 'Lisa Rinna', count: 9, imageUrl: expect.stringMatching(/^\/img\//) },
    ]);
  });

  it('keeps the spelling with the most looks when no celebrities row names them', async () => {
    await insertPosts(t.db, [...looks('BRANDI glanville', 1, 400), ...looks('Brandi Glanville', 2, 400)]);
    await postsChanged(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/trending-celebrities?limit=200' });
    const brandi = (res.json() as { name: string; count: number }[]).filter((c) => /brandi/i.test(c.name));
    expect(brandi).toEqual([{ name: 'Brandi Glanville', count: 3, imageUrl: expect.any(String) }]);
  });

  it('answers at most limit entries, 12 by default', async () => {
    await insertPosts(
      t.db,
      Array.from({ length: 14 }, (_, i) => ({
        celebrity: `Guest Star ${i}`,
        show: 'Vanderpump Rules',
        ageDays: 500,
      })),
    );
    await postsChanged(t);
    const all = await t.app.inject({ method: 'GET', url: '/api/posts/trending-celebrities' });
    expect(all.json()).toHaveLength(12);
    const two = await t.app.inject({ method: 'GET', url: '/api/posts/trending-celebrities?limit=2' });
    expect((two.json() as { name: string }[]).map((c) => c.name)).toEqual(['Dorit Kemsley', 'Kyle Richards']);
  });

  it('refreshes the cached ranking when posts change', async () => {
    await insertPosts(t.db, looks('Sutton Stracke', 30, 1));
    const stale = await t.app.inject({ method: 'GET', url: '/api/posts/trending-celebrities?limit=1' });
    expect(stale.json()[0].name).toBe('Dorit Kemsley');
    await postsChanged(t);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/posts/trending-celebrities?limit=1' });
    expect(fresh.json()).toEqual([{ name: 'Sutton Stracke', count: 30, imageUrl: expect.any(String) }]);
  });

  it.each(['limit=0', 'limit=201', 'limit=ten'])('answers 400 for %s', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/trending-celebrities?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });
});

describe('trending HTTP caching', () => {
  it('answers with Cache-Control and an ETag, and 304 when it matches', async () => {
    await expectRevalidates(t, '/api/posts/trending-celebrities?limit=5');
  });
});
