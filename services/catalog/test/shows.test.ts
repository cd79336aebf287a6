import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRevalidates, insertPosts, NOT_PUBLIC, postsChanged } from './helpers/search-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let rhobhId: string;
let rhobhPostIds: string[];

beforeAll(async () => {
  t = await startTestCatalog('shows');
  const shows = await t.db
    .insertInto('shows')
    .values([
      {
        name: 'The Real Housewives of Beverly Hills',
        slug: 'the-real-housewives-of-beverly-hills',
        search_term: 'real housewives of beverly hills',
        network: 'Bravo',
        genres: ['Reality'],
        summary: '<p>Glamour in 90210.</p>',
        original_image: '/shows/rhobh.jpg',
        medium_image: '/shows/rhobh-m.jpg',
      },
      { name: 'Vanderpump Rules', slug: 'vanderpump-rules', network: 'Bravo', genres: ['Reality', 'Drama'] },
      { name: 'Succession', slug: 'succession', network: 'HBO', genres: ['Drama'] },
      { name: 'Bridgerton', slug: 'bridgerton', network: 'Netflix', genres: ['Romance'] },
    ])
    .returning(['id', 'name'])
    .execute();
  rhobhId = shows.find((s) => s.name.startsWith('The Real'))!.id;
  await t.db
    .insertInto('show_cast')
    .values(
      ['Kyle Richards', 'Dorit Kemsley', 'Erika Jayne'].map((name, position) => ({
        show_id: rhobhId,
        name,
        position,
        image_original: `/cast/${position}.jpg`,
        image_medium: position === 2 ? null : `/cast/${position}-m.jpg`,
      })),
    )
    .execute();
  // Posts name the show with and without its leading 'The'; both count.
  rhobhPostIds = await insertPosts(
    t.db,
    Array.from({ length: 14 }, (_, i) => ({
      celebrity: 'Kyle Richards',
      show: i % 2 ? 'Real Housewives of Beverly Hills' : 'The Real Housewives of Beverly Hills',
      ageDays: i < 5 ? 1 + i : 40 + i,
    })),
  );
  await insertPosts(t.db, [
    ...Array.from({ length: 3 }, () => ({ celebrity: 'Lala Kent', show: 'Vanderpump Rules' })),
    { celebrity: 'Sarah Snook', show: 'Succession' },
    ...NOT_PUBLIC.flatMap((status) => [
      { celebrity: 'Kyle Richards', show: 'The Real Housewives of Beverly Hills', status },
      { celebrity: 'Phoebe Dynevor', show: 'Bridgerton', status },
      { celebrity: 'Ghost', show: 'Unreleased Show', status },
    ]),
    // Known only from posts.
    { celebrity: 'Paige DeSorbo', show: 'Summer House', ageDays: 2 },
  ]);
  await postsChanged(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/posts/show/{showName}', () => {
  it.each([
    'the-real-housewives-of-beverly-hills',
    'real-housewives-of-beverly-hills',
    'The Real Housewives of Beverly Hills',
    'real housewives of beverly hills',
    'REAL HOUSEWIVES OF BEVERLY HILLS',
  ])('finds the show from %s, counting both spellings in posts', async (showName) => {
    const res = await get(`/api/posts/show/${encodeURIComponent(showName)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.show).toEqual({
      _id: rhobhId,
      name: 'The Real Housewives of Beverly Hills',
      slug: 'the-real-housewives-of-beverly-hills',
      network: 'Bravo',
      originalImage: '/shows/rhobh.jpg',
      mediumImage: '/shows/rhobh-m.jpg',
      genres: ['Reality'],
      summary: '<p>Glamour in 90210.</p>',
      totalLooks: 14,
      recentLooks: 5,
    });
    // Default limit 12, newest first.
    expect(body.posts.map((p: { _id: string }) => p._id)).toEqual(rhobhPostIds.slice(0, 12));
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalPosts: 14,
      hasNextPage: true,
      hasPrevPage: false,
    });
  });

  it('pages through the posts', async () => {
    const res = await get('/api/posts/show/the-real-housewives-of-beverly-hills?page=2&limit=5');
    expect(res.json().posts.map((p: { _id: string }) => p._id)).toEqual(rhobhPostIds.slice(5, 10));
    expect(res.json().pagination).toMatchObject({
      currentPage: 2,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: true,
    });
  });

  it('answers a show known only from approved posts', async () => {
    const res = await get('/api/posts/show/summer-house');
    expect(res.statusCode).toBe(200);
    expect(res.json().show).toMatchObject({
      _id: null,
      name: 'Summer House',
      slug: 'summer-house',
      totalLooks: 1,
    });
  });

  it('answers a show row without approved posts with no posts', async () => {
    const res = await get('/api/posts/show/bridgerton');
    expect(res.statusCode).toBe(200);
    expect(res.json().posts).toEqual([]);
    expect(res.json().show.totalLooks).toBe(0);
  });

  it.each(['Unreleased Show', 'no-such-show'])('answers 404 Show not found: "%s"', async (name) => {
    const res = await get(`/api/posts/show/${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Show not found: "${name}"`,
      code: 'NOT_FOUND',
    });
  });

  it('counts a look as soon as it is written', async () => {
    const before = (await get('/api/posts/show/succession')).json();
    const [id] = await insertPosts(t.db, [{ celebrity: 'Sarah Snook', show: 'Succession', ageDays: 0 }]);
    await postsChanged(t);
    const after = (await get('/api/posts/show/succession')).json();
    expect(after.show.totalLooks).toBe(before.show.totalLooks + 1);
    expect(after.posts[0]._id).toBe(id);
    await t.db.deleteFrom('posts').where('id', '=', id!).execute();
    await postsChanged(t);
  });

  it.each(['page=0', 'limit=101', 'limit=abc'])('answers 400 for %s', async (query) => {
    expect((await get(`/api/posts/show/succession?${query}`)).statusCode).toBe(400);
  });
});

describe('GET /api/posts/shows', () => {
  it('lists shows with their approved post counts, most posts first by default, not those without looks', async () => {
    const res = await get('/api/posts/shows');
    expect(res.statusCode).toBe(200);
    const { shows, pagination } = res.json();
    expect(shows.map((s: { name: string; postCount: number }) => [s.name, s.postCount])).toEqual([
      ['The Real Housewives of Beverly Hills', 14],
      ['Vanderpump Rules', 3],
      ['Succession', 1],
    ]);
    expect(shows[0]).toEqual({
      _id: rhobhId,
      name: 'The Real Housewives of Beverly Hills',
      searchTerm: 'real housewives of beverly hills',
      network: 'Bravo',
      originalImage: '/shows/rhobh.jpg',
      mediumImage: '/shows/rhobh-m.jpg',
      postCount: 14,
      genres: ['Reality'],
      summary: '<p>Glamour in 90210.</p>',
    });
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 3,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it('sorts by name and pages', async () => {
    const res = await get('/api/posts/shows?sort=name&limit=2&page=2');
    expect(res.json().shows.map((s: { name: string }) => s.name)).toEqual(['Vanderpump Rules']);
    expect(res.json().pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalItems: 3,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  it.each(['sort=views', 'limit=201', 'page=-1'])('answers 400 for %s', async (query) => {
    const res = await get(`/api/posts/shows?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/posts/shows/{id}/cast', () => {
  it('answers the cast in order with images', async () => {
    const res = await get(`/api/posts/shows/${rhobhId}/cast?limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cast: [
        {
          _id: expect.any(String),
          name: 'Kyle Richards',
          image: { original: '/cast/0.jpg', medium: '/cast/0-m.jpg' },
        },
        {
          _id: expect.any(String),
          name: 'Dorit Kemsley',
          image: { original: '/cast/1.jpg', medium: '/cast/1-m.jpg' },
        },
      ],
      pagination: { currentPage: 1, totalPages: 2, totalItems: 3, hasNextPage: true, hasPrevPage: false },
    });
    const second = await get(`/api/posts/shows/${rhobhId}/cast?limit=2&page=2`);
    expect(second.json().cast).toEqual([
      { _id: expect.any(String), name: 'Erika Jayne', image: { original: '/cast/2.jpg', medium: null } },
    ]);
  });

  it('answers 400 for an id that is not a uuid and 404 for an unknown show', async () => {
    expect((await get('/api/posts/shows/not-a-uuid/cast')).statusCode).toBe(400);
    const unknown = await get('/api/posts/shows/6f1c1c1e-0000-4000-8000-000000000000/cast');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/posts/shows/tvmaze-name/{name}', () => {
  it.each([
    'The Real Housewives of Beverly Hills',
    'Real Housewives of Beverly Hills',
    'the real housewives of beverly hills',
  ])('answers the canonical show for %s', async (name) => {
    const res = await get(`/api/posts/shows/tvmaze-name/${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: rhobhId,
      name: 'The Real Housewives of Beverly Hills',
      postCount: 14,
    });
  });

  it('answers 404 when no show row has that name', async () => {
    const res = await get('/api/posts/shows/tvmaze-name/Summer%20House');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Show not found: "Summer House"');
  });
});

describe('show reads HTTP caching', () => {
  it.each(['/api/posts/shows', '/api/posts/show/succession', '/api/posts/shows/tvmaze-name/Succession'])(
    '%s answers with Cache-Control and an ETag, and 304 when it matches',
    async (url) => {
      await expectRevalidates(t, url);
    },
  );

  it('answers the cast with an ETag too', async () => {
    await expectRevalidates(t, `/api/posts/shows/${rhobhId}/cast`);
  });
});

describe('route order beside GET /api/posts/{id}', () => {
  it('serves the static show, trending and search paths, not the post route', async () => {
    expect((await get('/api/posts/shows')).json()).toHaveProperty('shows');
    expect(Array.isArray((await get('/api/posts/trending-celebrities')).json())).toBe(true);
    expect((await get('/api/posts/search/succession')).json()).toHaveProperty('posts');
    expect((await get('/api/posts/show/succession')).json()).toHaveProperty('show');
  });

  it('leaves a bare /api/posts/show to the post route, which wants a uuid', async () => {
    const res = await get('/api/posts/show');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/uuid/);
  });
});
