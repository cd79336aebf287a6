import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/seed-catalog.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let postId: string;
beforeAll(async () => {
  t = await startTestCatalog('images');
  await seed(t.db, { seed: 1, posts: 20 });
  postId = (await t.db.selectFrom('posts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/images/...', () => {
  it('draws a post picture with its product type and brand, cacheable', async () => {
    const post = await t.db
      .selectFrom('posts')
      .select(['brand', 'product_type'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/images/posts/${postId}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain(post.product_type);
    const again = await t.app.inject({ method: 'GET', url: `/api/images/posts/${postId}.svg` });
    expect(again.body).toBe(res.body);
    const variant = await t.app.inject({ method: 'GET', url: `/api/images/posts/${postId}-2.svg` });
    expect(variant.statusCode).toBe(200);
  });

  it('draws celebrity and show portraits from the slug alone', async () => {
    const celeb = await t.app.inject({ method: 'GET', url: '/api/images/celebrities/kyle-richards.svg' });
    expect(celeb.statusCode).toBe(200);
    expect(celeb.body).toContain('Kyle Richards');
    expect(celeb.body).toContain('>KR<');
    expect(celeb.headers['cache-control']).toContain('immutable');
    const show = await t.app.inject({ method: 'GET', url: '/api/images/shows/selling-sunset-medium.svg' });
    expect(show.statusCode).toBe(200);
    expect(show.body).toContain('Selling Sunset');
  });

  it('answers JSON 404 for an unknown post or a malformed name', async () => {
    for (const url of [
      '/api/images/posts/00000000-0000-4000-8000-000000000000.svg',
      '/api/images/posts/not-a-uuid.svg',
      '/api/images/celebrities/..%2Fetc.svg',
      '/api/images/shows/Upper.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});
