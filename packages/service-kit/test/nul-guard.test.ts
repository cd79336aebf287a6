import { afterAll, describe, expect, it } from 'vitest';
import { createService, NUL_MESSAGE } from '../src/index.ts';

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  const seen: unknown[] = [];
  app.get('/items/:name', async (request) => {
    seen.push(request.params);
    return { ok: true };
  });
  app.post('/items', async (request) => {
    seen.push(request.body);
    return { ok: true };
  });
  afterAll(() => app.close());

  it.each(['/items/a%00b', '/items/a?search=%00', '/items/a?search=x%00y&b=1'])(
    'refuses %s with 400 before any handler runs',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: NUL_MESSAGE });
    },
  );

  it.each([{ name: 'a\u0000b' }, { list: [{ deep: ['ok', 'x\u0000'] }] }, { ['k\u0000']: 'v' }])(
    'refuses a JSON body carrying one (%j)',
    async (body) => {
      const res = await app.inject({ method: 'POST', url: '/items', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NUL_MESSAGE);
    },
  );

  it('lets everything else through, %-escapes included', async () => {
    const ok = await app.inject({ url: '/items/caf%C3%A9?search=100%25' });
    expect(ok.statusCode).toBe(200);
    const posted = await app.inject({ method: 'POST', url: '/items', payload: { name: 'Zendaya', n: 0 } });
    expect(posted.statusCode).toBe(200);
    expect(seen).toEqual([{ name: 'café' }, { name: 'Zendaya', n: 0 }]);
  });
});
