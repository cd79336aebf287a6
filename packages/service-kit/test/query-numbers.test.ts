import { PageQuery, QueryInteger } from '@celebstyle/contracts';
import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

describe('numbers in query strings', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get('/items', { schema: { querystring: PageQuery(10, 50) } }, async (request) => request.query);
  app.get(
    '/top',
    {
      schema: {
        querystring: Type.Object({ limit: QueryInteger({ minimum: 1, maximum: 200, default: 12 }) }),
      },
    },
    async (request) => request.query,
  );
  afterAll(() => app.close());

  it.each(['Infinity', '-Infinity', '1e400', '-1e400'])(
    'answers 400 naming the field for page=%s',
    async (value) => {
      const res = await app.inject({ url: `/items?page=${value}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.json().message).toMatch(/^querystring\.page must be/);
    },
  );

  it.each(['Infinity', '1e400'])('does not let limit=%s past its maximum', async (value) => {
    const res = await app.inject({ url: `/top?limit=${value}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('querystring.limit must be a finite integer');
  });

  it('still takes finite values within bounds and applies defaults', async () => {
    expect((await app.inject({ url: '/items?page=3&limit=50' })).json()).toEqual({ page: 3, limit: 50 });
    expect((await app.inject({ url: '/top' })).json()).toEqual({ limit: 12 });
    expect((await app.inject({ url: '/items?limit=51' })).json().message).toBe(
      'querystring.limit must be <= 50',
    );
  });

  it('refuses at start-up a route whose query number is not a QueryInteger', () => {
    const other = createService({ name: 'test', logLevel: 'silent' });
    expect(() =>
      other.get(
        '/raw',
        { schema: { querystring: Type.Object({ n: Type.Integer({ minimum: 0, maximum: 9 }) }) } },
        async () => ({}),
      ),
    ).toThrow(/querystring\.n with QueryInteger/);
  });
});
