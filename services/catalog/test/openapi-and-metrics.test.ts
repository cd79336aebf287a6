import { documentationGaps, routeSchemaGaps } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let catalog: TestCatalog;
beforeAll(async () => {
  catalog = await startTestCatalog('openapi');
});
afterAll(() => catalog.close());

describe('catalog OpenAPI document', () => {
  it('declares a response schema for the success status of every route', () => {
    expect(routeSchemaGaps(catalog.app.declaredRoutes())).toEqual([]);
  });

  it('documents every route at /openapi.json', async () => {
    const res = await catalog.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(documentationGaps(catalog.app.declaredRoutes(), document)).toEqual([]);
    expect(document.paths['/api/posts'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'limit',
    );
  });
});

describe('catalog /metrics', () => {
  it('reports requests by route template, the pool and Redis', async () => {
    await catalog.app.inject({ url: '/api/posts/celebrity/nobody-at-all' });
    const text = (await catalog.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/posts\/celebrity\/:\w+",status_code="\d+",service="catalog"\} 1$/m,
    );
    expect(text).not.toContain('nobody-at-all');
    expect(text).toMatch(/^db_pool_clients\{state="total",service="catalog"\} \d+$/m);
    expect(text).toMatch(/^redis_connection_up\{connection="redis",service="catalog"\} 1$/m);
  });
});
