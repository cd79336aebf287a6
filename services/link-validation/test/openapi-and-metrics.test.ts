import { documentationGaps, routeSchemaGaps } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness('openapi');
});
afterAll(() => harness.close());

describe('link-validation OpenAPI document', () => {
  it('declares a response schema for the success status of every route', () => {
    expect(routeSchemaGaps(harness.app.declaredRoutes())).toEqual([]);
  });

  it('documents every route at /openapi.json', async () => {
    const res = await harness.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(documentationGaps(harness.app.declaredRoutes(), document)).toEqual([]);
    expect(document.paths['/api/admin/url-cleaning-rules/{id}'].put.responses['200']).toBeDefined();
  });
});

describe('link-validation /metrics', () => {
  it('reports requests by route, the pool and Redis', async () => {
    await harness.app.inject({ url: '/api/url-cleaning-rules' });
    const text = (await harness.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/url-cleaning-rules",status_code="200",service="link-validation"\} 1$/m,
    );
    expect(text).toMatch(/^db_pool_clients\{state="total",service="link-validation"\} \d+$/m);
    expect(text).toMatch(/^redis_connection_up\{connection="redis",service="link-validation"\} 1$/m);
  });
});
