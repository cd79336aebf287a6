import { toSlug } from '@celebstyle/slugs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRevalidates, insertPosts, NOT_PUBLIC, postsChanged } from './helpers/search-fixtures.ts';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let kylePostIds: string[];

beforeAll(async () => {
  t = await startTestCatalog('celebrities');
  await t.db
    .insertInto('celebrities')
    .values([
      {
        name: 'Kyle Richards',
        slug: 'kyle-richards',
        description: 'Kyle is a founding Housewife.',
        profile_image: '/celebs/kyle.jpg',
        shows: ['Real Housewives of Beverly Hills', 'Halloween'],
        main_show: 'Real Housewives of Beverly Hills',
        network: 'Bravo',
        location: 'Beverly Hills',
        description_generated: true,
        last_updated: new Date('2026-10-01T12:00:00Z'),
      },
      { name: 'Camille Grammer', slug: 'camille-grammer' },
    ])
    .execute();
  await t.db
    .insertInto('shows')
    .values({ name: 'Summer House', slug: 'summer-house', network: 'Bravo' })
    .execute();
  kylePostIds = await insertPosts(t.db, [
    // 12 approved looks: 4 in the last 30 days (one spelled in lower case), 8 older.
    ...Array.from({ length: 4 }, (_, i) => ({
      celebrity: i === 3 ? 'kyle richards' : 'Kyle Richards',
      show: 'Real Housewives of Beverly Hills',
      ageDays: 2 + i,
    })),
    ...Array.from({ length: 8 }, (_, i) => ({
      celebrity: 'Kyle Richards',
      show: 'Real Housewives of Beverly Hills',
      ageDays: 40 + i,
    })),
  ]);
  await insertPosts(t.db, [
    ...NOT_PUBLIC.map((status) => ({ celebrity: 'Kyle Richards', show: 'RHOBH', status, ageDays: 1 })),
    // Known only from posts, with punctuation and a title in the name.
    { celebrity: "Ciara O'Neill", show: 'Summer House', ageDays: 3, image: '/img/ciara-new.jpg' },
    { celebrity: "Ciara O'Neill", show: 'Summer House', ageDays: 45 },
    { celebrity: "Ciara O'Neill", show: 'Winter House', ageDays: 50 },
    { celebrity: 'Dr. Paul Nassif', show: 'Botched', ageDays: 5 },
    // Only non-public looks: must stay unknown.
    ...NOT_PUBLIC.map((status) => ({ celebrity: 'Secret Person', show: 'Botched', status })),
  ]);
  await postsChanged(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/posts/celebrity/{slug}', () => {
  it('answers the spec profile shape with looks counted over approved posts only', async () => {
    const res = await get('/api/posts/celebrity/kyle-richards');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['celebrity', 'pagination', 'posts']);
    expect(body.celebrity).toEqual({
      name: 'Kyle Richards',
      description: 'Kyle is a founding Housewife.',
      profileImage: '/celebs/kyle.jpg',
      shows: ['Real Housewives of Beverly Hills', 'Halloween'],
      mainShow: 'Real Housewives of Beverly Hills',
      network: 'Bravo',
      location: 'Beverly Hills',
      totalLooks: 12,
      recentLooks: 4,
      descriptionGenerated: true,
      lastUpdated: '2026-10-01T12:00:00.000Z',
    });
    // Default limit 10, newest first.
    expect(body.posts.map((p: { _id: string }) => p._id)).toEqual(kylePostIds.slice(0, 10));
    expect(body.posts.every((p: { status: string }) => p.status === 'approved')).toBe(true);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalPosts: 12,
      hasNextPage: true,
      hasPrevPage: false,
    });
  });

  it('pages with page and limit', async () => {
    const res = await get('/api/posts/celebrity/kyle-richards?page=2&limit=8');
    expect(res.json().posts.map((p: { _id: string }) => p._id)).toEqual(kylePostIds.slice(8, 12));
    expect(res.json().pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalPosts: 12,
      hasNextPage: false,
      hasPrevPage: true,
    });
    const beyond = await get('/api/posts/celebrity/kyle-richards?page=9&limit=8');
    expect(beyond.json().posts).toEqual([]);
  });

  it.each([
    ["Ciara O'Neill", 'ciara-oneill'],
    ['Dr. Paul Nassif', 'dr-paul-nassif'],
    ['Kyle Richards', 'kyle-richards'],
  ])('round-trips the slug of %s', async (name, slug) => {
    expect(toSlug(name)).toBe(slug);
    const res = await get(`/api/posts/celebrity/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().celebrity.name).toBe(name);
  });

  it('accepts the name itself, in any case', async () => {
    const res = await get(`/api/posts/celebrity/${encodeURIComponent('KYLE richards')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().celebrity.totalLooks).toBe(12);
  });

  it('derives a profile from approved posts when no celebrities row exists', async () => {
    const res = await get('/api/posts/celebrity/ciara-oneill');
    expect(res.json().celebrity).toEqual({
      name: "Ciara O'Neill",
      description: null,
      profileImage: '/img/ciara-new.jpg',
      shows: ['Summer House', 'Winter House'],
      mainShow: 'Summer House',
      network: 'Bravo',
      location: null,
      totalLooks: 3,
      recentLooks: 1,
      descriptionGenerated: false,
      lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers a known celebrity without approved looks with an empty profile', async () => {
    const res = await get('/api/posts/celebrity/camille-grammer');
    expect(res.statusCode).toBe(200);
    expect(res.json().celebrity).toMatchObject({ name: 'Camille Grammer', totalLooks: 0, recentLooks: 0 });
    expect(res.json().pagination).toMatchObject({ totalPages: 0, totalPosts: 0, hasNextPage: false });
  });

  it.each(['nobody-at-all', 'secret-person', '---'])(
    'answers 404 Celebrity not found for %s',
    async (slug) => {
      const res = await get(`/api/posts/celebrity/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Celebrity not found',
        code: 'NOT_FOUND',
      });
    },
  );

  it('knows a new celebrity as soon as their first approved look is written', async () => {
    expect((await get('/api/posts/celebrity/sutton-stracke')).statusCode).toBe(404);
    await insertPosts(t.db, [{ celebrity: 'Sutton Stracke', show: 'Real Housewives of Beverly Hills' }]);
    await postsChanged(t);
    const res = await get('/api/posts/celebrity/sutton-stracke');
    expect(res.statusCode).toBe(200);
    expect(res.json().celebrity).toMatchObject({ name: 'Sutton Stracke', totalLooks: 1 });
    await t.db.deleteFrom('posts').where('celebrity', '=', 'Sutton Stracke').execute();
    await postsChanged(t);
  });

  it('shows view counts as soon as buffered views reach PostgreSQL (views version)', async () => {
    const url = '/api/posts/celebrity/kyle-richards?limit=1';
    expect((await get(url)).json().posts[0].viewCount).toBe(0);
    await t.db.updateTable('posts').set({ view_count: 7 }).where('id', '=', kylePostIds[0]!).execute();
    await t.redis.incr(catalogKeys(t.keyPrefix).viewsVersion);
    expect((await get(url)).json().posts[0].viewCount).toBe(7);
  });

  it.each(['page=0', 'page=x', 'limit=0', 'limit=101', 'limit=2.5'])('answers 400 for %s', async (query) => {
    const res = await get(`/api/posts/celebrity/kyle-richards?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('celebrity profile HTTP caching', () => {
  it('answers with Cache-Control and an ETag, and 304 when it matches', async () => {
    await expectRevalidates(t, '/api/posts/celebrity/kyle-richards');
  });

  it('does not mark a 404 as cacheable', async () => {
    const res = await get('/api/posts/celebrity/nobody-at-all');
    expect(res.headers.etag).toBeUndefined();
  });
});
