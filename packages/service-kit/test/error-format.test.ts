import { QueryInteger } from '@celebstyle/contracts';
import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError, createService } from '../src/index.ts';

describe('one error format', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get(
    '/items',
    { schema: { querystring: Type.Object({ limit: QueryInteger({ minimum: 1, maximum: 100 }) }) } },
    async (request) => ({ limit: request.query.limit }),
  );
  app.get('/conflict', async () => {
    throw new AppError(409, 'USERNAME_TAKEN', 'Username already exists');
  });
  app.get('/boom', async () => {
    throw new Error('secret internals: password=hunter2');
  });
  afterAll(() => app.close());

  it('answers a schema violation with 400 and a sentence naming the field', async () => {
    const res = await app.inject({ url: '/items?limit=100000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'querystring.limit must be <= 100',
    });
  });

  it('answers a coded domain error with its status, code and message', async () => {
    const res = await app.inject({ url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username already exists' });
  });

  it('never shows the message of an unexpected error', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong',
    });
  });

  it('answers an unknown route with JSON 404', async () => {
    const res = await app.inject({ url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Route GET /nope not found' });
  });

  it('passes a well-formed request id through and invents one otherwise', async () => {
    const given = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
