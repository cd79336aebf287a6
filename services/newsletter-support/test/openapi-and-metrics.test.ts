import { documentationGaps, routeSchemaGaps } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ name: 'openapi', worker: false });
});
afterAll(() => h.close());

describe('newsletter-support OpenAPI document', () => {
  it('declares a response schema for the success status of every route', () => {
    expect(routeSchemaGaps(h.app.declaredRoutes())).toEqual([]);
  });

  it('documents every route at /openapi.json', async () => {
    const res = await h.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(documentationGaps(h.app.declaredRoutes(), document)).toEqual([]);
    expect(document.paths['/api/newsletter/subscribe'].post.responses['429']).toBeDefined();
  });
});

describe('newsletter-support /metrics', () => {
  it('reports requests by route, the pool and Redis', async () => {
    await h.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'nope' } });
    const text = (await h.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(
      /^http_requests_total\{method="POST",route="\/api\/newsletter\/subscribe",status_code="400",service="newsletter-support"\} 1$/m,
    );
    expect(text).toMatch(/^db_pool_clients\{state="total",service="newsletter-support"\} \d+$/m);
    expect(text).toMatch(/^redis_connection_up\{connection="redis",service="newsletter-support"\} 1$/m);
  });
});
