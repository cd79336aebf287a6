import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createProducerConnection,
  createTestRedis,
  latestCatalogChange,
  readCatalogSequence,
  recordCatalogChange,
  type TestRedis,
} from '@celebstyle/queue';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

const POST = '44444444-4444-4444-8444-444444444444';
const OTHER = '55555555-5555-4555-8555-555555555555';
const SIMILAR = '66666666-6666-4666-8666-666666666666';

/**
 * A server bundle like web's (web/src/entry-server.tsx) in miniature: a product page reads its
 * post and a similar look through the gateway's own API and shows their titles; a failed read makes
 * the error page.
 */
const SERVER_BUNDLE = `
export function createPageRenderer({ fetchApi }) {
  return async (url) => {
    const id = url.split('/')[2];
    const res = await fetchApi('/api/posts/' + id);
    if (res.status >= 500) return { kind: 'page', status: 503, html: '<h1>Error: 503</h1>', complete: false };
    const post = await res.json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const similar = await (await fetchApi('/api/posts/${SIMILAR}')).json();
    const html = '<h1>' + post.title + '</h1><a>' + similar.title + '</a>';
    return { kind: 'page', status: 200, html, complete: true };
  };
}`;

/** Server rendering through the gateway against a stand-in catalog and real Redis. */
describe('server-rendered pages stay as fresh as the API', () => {
  let testRedis: TestRedis;
  let redis: Redis;
  let dir: string;
  let catalog: Server;
  let gateway: Awaited<ReturnType<typeof buildTestGateway>>;
  const titles = new Map([
    [POST, 'Red Dress'],
    [OTHER, 'Blue Coat'],
    [SIMILAR, 'Green Scarf'],
  ]);

  beforeAll(async () => {
    testRedis = await createTestRedis('gateway-page-freshness');
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
    dir = mkdtempSync(path.join(tmpdir(), 'gateway-pages-'));
    mkdirSync(path.join(dir, 'web'));
    writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'entry-server.mjs'), SERVER_BUNDLE);
    catalog = createServer((req, res) => {
      const id = (req.url ?? '').split('/')[3]?.split('?')[0] ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ _id: id, title: titles.get(id) ?? 'unknown' }));
    });
    await new Promise<void>((resolve) => catalog.listen(0, '127.0.0.1', resolve));
    gateway = await buildTestGateway({
      upstreams: { catalog: `http://127.0.0.1:${(catalog.address() as AddressInfo).port}` },
      webDistDir: path.join(dir, 'web'),
      pages: {
        serverEntry: path.join(dir, 'entry-server.mjs'),
        cacheTtlMs: 60_000,
        renderTimeoutMs: 5_000,
        catalogChanges: {
          sequence: () => readCatalogSequence(redis, testRedis.prefix),
          latest: (postIds) => latestCatalogChange(redis, testRedis.prefix, postIds, true),
        },
      },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    catalog?.closeAllConnections();
    await new Promise((resolve) => catalog?.close(resolve));
    redis?.disconnect();
    await testRedis?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await gateway.inject({ url, headers: { accept: 'text/html' } });
    return { status: res.statusCode, body: res.body };
  };

  it('answers a product page from its render until its post changes, then the change at once', async () => {
    expect((await page(`/product/${POST}`)).body).toContain('Red Dress');
    titles.set(POST, 'Red Dress, sold out');
    // unchanged as far as the catalog has said: the kept render answers
    expect((await page(`/product/${POST}`)).body).toContain('<h1>Red Dress</h1>');
    await recordCatalogChange(redis, testRedis.prefix, { postIds: [OTHER] });
    expect((await page(`/product/${POST}`)).body).toContain('<h1>Red Dress</h1>');
    await recordCatalogChange(redis, testRedis.prefix, { postIds: [POST] });
    expect((await page(`/product/${POST}`)).body).toContain('<h1>Red Dress, sold out</h1>');
  });

  it('sends a page compressed as the browser accepts, the same bytes for every visitor of the kept page', async () => {
    titles.set(OTHER, 'Blue Coat '.repeat(200)); // over the 1 KB worth compressing
    await recordCatalogChange(redis, testRedis.prefix, { postIds: [OTHER] });
    const ask = (encoding: string) =>
      gateway.inject({
        url: `/product/${OTHER}`,
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
    const [first, second, gzipped, plain] = [
      await ask('gzip, deflate, br'),
      await ask('gzip, deflate, br'),
      await ask('gzip'),
      await ask('identity'),
    ];
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Blue Coat Blue Coat');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    titles.set(OTHER, 'Blue Coat');
    await recordCatalogChange(redis, testRedis.prefix, { postIds: [OTHER] });
  });

  it('renders a page again when a post it showed beside its own changes', async () => {
    expect((await page(`/product/${POST}`)).body).toContain('<a>Green Scarf</a>');
    titles.set(SIMILAR, 'Green Scarf (sold out)');
    await recordCatalogChange(redis, testRedis.prefix, { postIds: [SIMILAR] });
    expect((await page(`/product/${POST}`)).body).toContain('<a>Green Scarf (sold out)</a>');
  });

  it('answers no kept page once a catalog read fails, and kept pages again once one succeeds', async () => {
    expect((await page(`/product/${OTHER}`)).body).toContain('Blue Coat');
    const port = (catalog.address() as AddressInfo).port;
    catalog.closeAllConnections();
    await new Promise((resolve) => catalog.close(resolve));
    // a visitor's read finds the catalog gone
    expect((await gateway.inject({ url: `/api/posts/${OTHER}` })).statusCode).toBeGreaterThanOrEqual(500);
    const during = await page(`/product/${OTHER}`);
    expect(during.status).toBe(503);
    expect(during.body).toContain('Error: 503');

    await new Promise<void>((resolve) => catalog.listen(port, '127.0.0.1', resolve));
    expect((await gateway.inject({ url: `/api/posts/${OTHER}` })).statusCode).toBe(200);
    expect((await page(`/product/${OTHER}`)).body).toContain('Blue Coat');
  });
});
