import { afterAll, describe, expect, it } from 'vitest';
import { AppError, createService } from '../src/index.ts';

describe('Cache-Control of private answers', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get('/api/admin/things', async () => ({ secret: true }));
  app.get('/api/admin/cacheable-by-mistake', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=600');
    return { secret: true };
  });
  app.get('/api/admin/denied', async () => {
    throw new AppError(403, 'FORBIDDEN', 'No');
  });
  app.post('/api/newsletter/subscribe', async () => ({ ok: true }));
  app.get('/api/posts', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=10, stale-while-revalidate=60');
    return { posts: [] };
  });
  afterAll(() => app.close());

  it.each([
    '/api/admin/things',
    '/api/admin/cacheable-by-mistake',
    '/api/admin/denied',
    '/api/admin/unknown',
  ])('answers %s with no-store, whatever the route set', async (url) => {
    expect((await app.inject({ url })).headers['cache-control']).toBe('no-store');
  });

  it('makes no-store the default of every API answer', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/newsletter/subscribe' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the Cache-Control a public read sets for itself', async () => {
    const res = await app.inject({ url: '/api/posts' });
    expect(res.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
  });
});
