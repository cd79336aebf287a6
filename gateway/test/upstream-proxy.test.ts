import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceInstance } from '@celebstyle/service-kit';
import { UPSTREAM_SERVICES } from '../src/route-table.ts';
import { buildTestGateway } from './helpers/build-gateway.ts';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream.ts';

const errorShape = {
  statusCode: expect.any(Number),
  error: expect.any(String),
  message: expect.any(String),
  code: expect.any(String),
};

describe('gateway proxying /api to the services', () => {
  let catalog: FakeUpstream;
  let slow: FakeUpstream;
  let app: ServiceInstance;

  beforeAll(async () => {
    catalog = await startFakeUpstream('echo');
    slow = await startFakeUpstream('hang');
    app = await buildTestGateway({
      upstreams: { catalog: catalog.url, 'newsletter-support': slow.url },
      upstreamTimeoutMs: 400,
    });
  });
  afterAll(async () => {
    await app.close();
    await catalog.close();
    await slow.close();
  });

  it('passes the full path and query string on to the service that owns the prefix', async () => {
    const res = await app.inject({ url: '/api/posts?page=2&limit=20&sort=createdAt&order=desc' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      method: 'GET',
      url: '/api/posts?page=2&limit=20&sort=createdAt&order=desc',
    });
    const nested = await app.inject({ url: '/api/posts/search/red%20dress?page=1' });
    expect(nested.json()).toMatchObject({ url: '/api/posts/search/red%20dress?page=1' });
  });

  it('passes a JSON body on unchanged', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'dress' } });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json<{ body: string }>().body)).toEqual({ q: 'dress' });
  });

  it('passes a body that claims a Content-Encoding on as it came, for the service to judge', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"q":"not really gzip"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ body: string }>().body).toBe('{"q":"not really gzip"}');
  });

  it('passes an answer the service already encoded through as it is, never encoding it twice', async () => {
    const res = await app.inject({
      url: '/api/posts?limit=20',
      headers: { 'accept-encoding': 'gzip, deflate, br', 'x-test-encode': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toMatchObject({
      url: '/api/posts?limit=20',
    });
  });

  it('compresses a large answer for a client that accepts gzip, and leaves it plain otherwise', async () => {
    const payload = { q: 'dress '.repeat(2000) };
    const zipped = await app.inject({
      method: 'POST',
      url: '/api/search',
      payload,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(2000);
    const body = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as { body: string };
    expect(JSON.parse(body.body)).toEqual(payload);

    const plain = await app.inject({ method: 'POST', url: '/api/search', payload });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.json<{ body: string }>().body)).toEqual(payload);
  });

  it('replaces a request id the client wrote with its own, so logs cannot be forged', async () => {
    const res = await app.inject({ url: '/api/posts', headers: { 'x-request-id': 'req-abc-123' } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(catalog.seen.at(-1)?.headers['x-request-id']).toBe(id);
  });

  it('generates a request id when the caller sends none and passes that one on', async () => {
    const res = await app.inject({ url: '/api/posts' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(catalog.seen.at(-1)?.headers['x-request-id']).toBe(id);
    expect(catalog.seen.at(-1)?.headers['x-forwarded-for']).toBeTruthy();
  });

  it('answers 503 JSON when a service is down', async () => {
    const res = await app.inject({ url: '/api/admin/auth/login' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      ...errorShape,
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The accounts service is unavailable',
    });
  });

  it('answers 503 JSON to a POST with a body when the service is down (over a real socket)', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a', password: 'b' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers 503 JSON for every prefix of a service that is not running (link-validation here)', async () => {
    for (const prefix of UPSTREAM_SERVICES['link-validation'].prefixes) {
      const url = prefix.startsWith('/api/admin') ? null : prefix;
      if (!url) continue; // admin prefixes are guarded first (see admin-auth tests)
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
  });

  it('answers 504 JSON, without hanging, when a service does not answer in time', async () => {
    const started = Date.now();
    const res = await app.inject({ url: '/api/newsletter/confirm/abc' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      ...errorShape,
      statusCode: 504,
      code: 'GATEWAY_TIMEOUT',
      message: 'The newsletter-support service did not answer in time',
    });
  });

  it('keeps an unknown /api path a JSON 404 and never asks a service', async () => {
    const before = catalog.seen.length;
    for (const url of ['/api/unknown', '/api/postsx', '/api', '/api/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    const post = await app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(catalog.seen.length).toBe(before);
  });

  it('sets security headers on API answers and pages', async () => {
    const res = await app.inject({ url: '/api/posts' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a declared body over 1 MiB with 413 JSON before any service sees it', async () => {
    const before = catalog.seen.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413 });
    expect(catalog.seen.length).toBe(before);
  });

  it('answers GET /api/site-config itself from configuration', async () => {
    const res = await app.inject({ url: '/api/site-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      siteUrl: 'http://localhost:3000',
      affiliate: { redirectBaseUrl: 'https://go.example.test/', partnerId: 'partner-1' },
      social: expect.objectContaining({ instagram: 'https://instagram.test/a' }),
    });
  });
});
