import { createService } from '@celebstyle/service-kit';
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { etagOf, matchesIfNoneMatch, publicCacheHook } from '../src/plugins/public-cache.ts';
import { serializedAnswers } from '../src/plugins/serialized-answer.ts';

async function appWithCache() {
  const app = createService({ name: 'cache-test', logLevel: 'silent' });
  await app.register(async (scope) => {
    scope.addHook('onSend', publicCacheHook({ maxAgeSeconds: 20, staleWhileRevalidateSeconds: 60 }));
    let counter = 0;
    const schema = { response: { 200: Type.Object({ value: Type.Union([Type.String(), Type.Number()]) }) } };
    scope.get('/thing', { schema }, async () => ({ value: 'same' }));
    scope.get('/changing', { schema }, async () => ({ value: ++counter }));
    scope.get('/missing', async (_request, reply) => reply.code(404).send({ message: 'no' }));
  });
  return app;
}

describe('publicCacheHook', () => {
  it('sets Cache-Control with stale-while-revalidate and an ETag, and answers 304 on If-None-Match', async () => {
    const app = await appWithCache();
    const first = await app.inject({ method: 'GET', url: '/thing' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=20, stale-while-revalidate=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const second = await app.inject({ method: 'GET', url: '/thing', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expect(second.headers.etag).toBe(etag);
    await app.close();
  });

  it('answers 200 with a new ETag when the content changed', async () => {
    const app = await appWithCache();
    const first = await app.inject({ method: 'GET', url: '/changing' });
    const second = await app.inject({
      method: 'GET',
      url: '/changing',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('never marks an error answer cacheable', async () => {
    const app = await appWithCache();
    const res = await app.inject({ method: 'GET', url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    await app.close();
  });

  it('compares ETags weakly and accepts lists and *', () => {
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
  });

  it('sends a cached answer object by the route schema, with an ETag of its bytes and 304', async () => {
    const app = createService({ name: 'cache-test', logLevel: 'silent' });
    let answer: object = { name: 'Zendaya', internal: 'not in the schema' };
    await app.register(async (scope) => {
      scope.addHook('onSend', publicCacheHook());
      const send = serializedAnswers();
      scope.get(
        '/cached',
        { schema: { response: { 200: Type.Object({ name: Type.String() }) } } },
        async (_request, reply) => send(reply, answer),
      );
    });
    const first = await app.inject({ method: 'GET', url: '/cached' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ name: 'Zendaya' });
    expect(first.headers.etag).toBe(etagOf(first.body));
    const again = await app.inject({
      method: 'GET',
      url: '/cached',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // A refreshed answer is a new object: new bytes, new ETag, no 304 for the old one.
    answer = { name: 'Zendaya Coleman' };
    const fresh = await app.inject({
      method: 'GET',
      url: '/cached',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ name: 'Zendaya Coleman' });
    expect(fresh.headers.etag).toBe(etagOf(fresh.body));
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('sends a cached answer compressed when the client accepts it, and plain otherwise', async () => {
    const app = createService({ name: 'cache-test', logLevel: 'silent' });
    const answer = { items: Array.from({ length: 200 }, (_, i) => `look number ${i}`) };
    await app.register(async (scope) => {
      scope.addHook('onSend', publicCacheHook());
      const send = serializedAnswers();
      scope.get(
        '/big',
        { schema: { response: { 200: Type.Object({ items: Type.Array(Type.String()) }) } } },
        async (_request, reply) => send(reply, answer),
      );
    });
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/big',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(answer);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(answer);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(answer);

    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(1);
    const notModified = await app.inject({
      method: 'GET',
      url: '/big',
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});
