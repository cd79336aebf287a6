import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { newLook } from './helpers/alert-events.ts';

let h: Harness;
const WINDOW_MS = 60_000;
beforeAll(async () => {
  h = await startHarness({
    name: 'alert_limits',
    worker: false,
    limits: { subscribe: { max: 3, timeWindow: WINDOW_MS }, support: { max: 3, timeWindow: WINDOW_MS } },
  });
});
afterAll(async () => {
  await h?.close();
});

const subscribeFrom = (ip: string, payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: { 'x-forwarded-for': ip },
    payload,
  });

const counts = async () => ({
  addresses: (await h.db.selectFrom('alerts.addresses').select('id').execute()).length,
  alerts: (await h.db.selectFrom('alerts.alerts').select('id').execute()).length,
  outbox: (await h.db.selectFrom('newsletter.email_outbox').select('id').execute()).length,
});

describe('POST /api/alerts is rate limited per client address', () => {
  it('answers the request past the limit 429 with Retry-After and stores nothing; another address gets through', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const alert = (n: number) => ({
      email: `limit-${n}@example.com`,
      postId: look.postId,
      linkId: look.links[0]!.linkId,
      kind: 'back_in_stock',
    });
    for (let n = 1; n <= 3; n += 1)
      expect((await subscribeFrom('203.0.113.50', alert(n))).statusCode).toBe(200);
    const before = await counts();
    expect(before).toEqual({ addresses: 3, alerts: 3, outbox: 3 });
    const targetCalls = h.targets.requests;

    const refused = await subscribeFrom('203.0.113.50', alert(4));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_REQUESTS',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(await counts()).toEqual(before);
    // Refused before any work: link-validation was not even asked about the look.
    expect(h.targets.requests).toBe(targetCalls);

    const other = await subscribeFrom('198.51.100.20', alert(5));
    expect(other.statusCode).toBe(200);
    expect(await counts()).toEqual({ addresses: 4, alerts: 4, outbox: 4 });
  });
});
