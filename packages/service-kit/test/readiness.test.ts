import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

const up = async () => 'ok';
const down = async () => {
  throw new Error('connection refused');
};

describe('/readyz', () => {
  const degraded = createService({
    name: 'test',
    logLevel: 'silent',
    readiness: { postgres: up },
    reported: { redis: down },
  });
  const broken = createService({
    name: 'test',
    logLevel: 'silent',
    readiness: { postgres: down },
    reported: { redis: up },
  });
  afterAll(async () => {
    await degraded.close();
    await broken.close();
  });

  it('stays 200 when only a reported dependency fails, and says which', async () => {
    const res = await degraded.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', checks: { postgres: 'ok', redis: 'failing' } });
  });

  it('answers 503 when a dependency the service needs fails', async () => {
    const res = await broken.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { postgres: 'failing', redis: 'ok' } });
  });
});
