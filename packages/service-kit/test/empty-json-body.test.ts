import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

describe('a JSON request with an empty body', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.put('/posts/:id/approve', async () => ({ status: 'approved' }));
  app.put(
    '/posts/:id',
    { schema: { body: Type.Object({ title: Type.String() }) } },
    async (request) => request.body,
  );
  afterAll(() => app.close());
  const put = (url: string, payload?: string) =>
    app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/json' }, payload });

  it('is answered by a route that takes no body, as generic HTTP clients send it', async () => {
    for (const payload of [undefined, '', '  ']) {
      const res = await put('/posts/1/approve', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json()).toEqual({ status: 'approved' });
    }
    const charset = await app.inject({
      method: 'PUT',
      url: '/posts/1/approve',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(charset.statusCode).toBe(200);
  });

  it('is refused with 400 by a route that needs a body, in the one error format', async () => {
    const res = await put('/posts/1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body must be object',
      code: 'VALIDATION_FAILED',
    });
  });

  it('still refuses prototype keys and broken JSON when there is a body', async () => {
    expect((await put('/posts/1', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
    expect((await put('/posts/1', '{"title":')).json()).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
    });
    expect((await put('/posts/1', '{"title":"ok"}')).json()).toEqual({ title: 'ok' });
  });
});
