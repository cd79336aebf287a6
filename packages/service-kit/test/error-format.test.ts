import { QueryInteger } from '@celebstyle/contracts';
import { Type } from '@sinclair/typebox';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Writes raw bytes to a listening app and reads everything it answers until it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('one error format for what Fastify and Node refuse on their own', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get('/things/:id', async (request) => request.params);
  app.post('/things', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => ({ ok: true }));
  let port = 0;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('answers a path parameter over the router limit with 414 and the project shape', async () => {
    const res = await app.inject({ url: `/things/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'The URL is too long',
      code: 'URI_TOO_LONG',
    });
  });

  it('answers a path that does not decode with 400 and the project shape', async () => {
    const res = await app.inject({ url: '/things/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Malformed request path',
      code: 'BAD_REQUEST',
    });
  });

  it("names Fastify's own refusals with the project's codes, not Fastify's", async () => {
    const cases = [
      { contentType: 'application/json', payload: '{"name":', status: 400, code: 'BAD_REQUEST' },
      { contentType: 'application/xml', payload: '<x/>', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ];
    for (const { contentType, payload, status, code } of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, contentType).toBe(status);
      expect(res.json(), contentType).toEqual({
        statusCode: status,
        error: expect.any(String),
        message: expect.any(String),
        code,
      });
    }
  });

  it("answers a request Node's HTTP parser refuses with 400 JSON in the project shape", async () => {
    const answer = await rawExchange(port, 'GET /things/1 HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Malformed HTTP request',
      code: 'BAD_REQUEST',
    });
  });

  it('answers a URL or headers over the size Node takes with 431 JSON in the project shape', async () => {
    const answer = await rawExchange(port, `GET /things/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
  });
});
