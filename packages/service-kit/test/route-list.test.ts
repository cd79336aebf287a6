import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

describe('/routez', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get('/api/things/:id', async () => ({}));
  void app.register(async (scope) => {
    scope.post('/api/things', async () => ({}));
  });
  afterAll(() => app.close());

  it('lists every registered method and URL template, plugins included, without HEAD twins', async () => {
    const res = await app.inject({ url: '/routez' });
    expect(res.statusCode).toBe(200);
    const routes = (res.json() as { routes: Array<{ method: string; url: string }> }).routes;
    expect(routes).toContainEqual({ method: 'GET', url: '/api/things/:id' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/things' });
    expect(routes).toContainEqual({ method: 'GET', url: '/healthz' });
    expect(routes.some((route) => route.method === 'HEAD')).toBe(false);
  });

  it('is not there when the service is built with listRoutes false', async () => {
    const quiet = createService({ name: 'test', logLevel: 'silent', listRoutes: false });
    quiet.get('/api/things', async () => ({}));
    const res = await quiet.inject({ url: '/routez' });
    await quiet.close();
    expect(res.statusCode).toBe(404);
  });
});
