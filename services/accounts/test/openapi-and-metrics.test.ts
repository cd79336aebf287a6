import { documentationGaps, routeSchemaGaps } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext('openapi');
});
afterAll(() => context.close());

describe('accounts OpenAPI document', () => {
  it('declares a response schema for the success status of every route', () => {
    expect(routeSchemaGaps(context.app.declaredRoutes())).toEqual([]);
  });

  it('documents every route at /openapi.json', async () => {
    const res = await context.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(documentationGaps(context.app.declaredRoutes(), document)).toEqual([]);
    expect(document.paths['/api/admin/auth/login'].post.requestBody).toBeDefined();
  });
});

describe('accounts /metrics', () => {
  it('reports requests by route, the pool and Redis', async () => {
    await context.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: {} });
    const text = (await context.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(
      /^http_requests_total\{method="POST",route="\/api\/admin\/auth\/login",status_code="400",service="accounts"\} 1$/m,
    );
    expect(text).toMatch(/^db_pool_clients\{state="total",service="accounts"\} \d+$/m);
    expect(text).toMatch(/^redis_connection_up\{connection="redis",service="accounts"\} 1$/m);
  });
});
