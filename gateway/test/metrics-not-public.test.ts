import type { ServiceInstance } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

describe('metrics on the public port', () => {
  let app: ServiceInstance;
  beforeAll(async () => {
    app = await buildTestGateway();
  });
  afterAll(() => app.close());

  it('are not there: /metrics answers the JSON 404 of any route the gateway does not have', async () => {
    const metrics = await app.inject({ url: '/metrics?x=1' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Route GET /metrics not found',
    });
    const unknown = await app.inject({ url: '/api/metrics' });
    expect(unknown.json()).toEqual({ ...metrics.json(), message: 'Route GET /api/metrics not found' });
  });
});
