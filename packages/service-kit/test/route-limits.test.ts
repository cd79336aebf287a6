import { bodyLimitFor } from '@celebstyle/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

describe("each route's limits, from the table the gateway reads too", () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.post('/api/support', async () => ({ ok: true }));
  app.post('/api/admin/posts/import', async () => ({ ok: true }));
  app.post('/api/posts/:id/view', async () => ({ ok: true }));
  afterAll(() => app.close());
  const post = (url: string, bytes: number) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'a'.repeat(bytes - 8) }),
    });

  it('refuses a body over its route’s limit with 413, and takes one at the limit', async () => {
    for (const url of ['/api/support', '/api/posts/1/view']) {
      const limit = bodyLimitFor(url);
      expect((await post(url, limit)).statusCode, url).toBe(200);
      const over = await post(url, limit + 1);
      expect(over.statusCode, url).toBe(413);
      expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('takes the import’s 16 MB files, far over the default', async () => {
    const res = await post('/api/admin/posts/import', 16 * 1024 * 1024);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses at start a body limit written on a route instead of in the table', async () => {
    const other = createService({ name: 'test', logLevel: 'silent' });
    expect(() => other.post('/api/support', { bodyLimit: 1024 * 1024 }, async () => ({}))).toThrow(
      /belongs in contracts' ROUTE_LIMITS/,
    );
    await other.close();
  });
});
