import type { ServiceInstance } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

describe('the route list', () => {
  let app: ServiceInstance;
  beforeAll(async () => {
    app = await buildTestGateway();
  });
  afterAll(() => app.close());

  it('is not answered by the gateway, which faces clients', async () => {
    const res = await app.inject({ url: '/routez' });
    expect(res.body).not.toContain('/api/site-config');
    expect(res.headers['content-type'] ?? '').not.toContain('application/json');
  });
});
