import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { ServiceInstance } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

function fakeBuild(dir: string, title: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title><div id="root"></div>`);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
}

describe('web apps served by the gateway', () => {
  let root: string;
  let app: ServiceInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gateway-dist-'));
    fakeBuild(path.join(root, 'web'), 'storefront');
    fakeBuild(path.join(root, 'admin'), 'admin console');
    app = await buildTestGateway({
      webDistDir: path.join(root, 'web'),
      adminDistDir: path.join(root, 'admin'),
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("serves each app's favicon.ico, at / and at /admin/", async () => {
    for (const url of ['/favicon.ico', '/admin/favicon.ico']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\//);
      expect(res.rawPayload.subarray(0, 4), url).toEqual(Buffer.from([0, 0, 1, 0]));
    }
  });

  it('answers 200 with the storefront for every app route of storefront.md §2', async () => {
    const paths = [
      '/',
      '/fashion',
      '/Fashion',
      '/fashion?show=Succession',
      '/top-picks',
      '/celebrity',
      '/celebrity/jennifer-aniston',
      '/shows',
      '/show/Succession',
      '/shows/the-crown',
      '/product',
      '/product/0b6f2c1e-1b7a-4a51-9d7b-6f0c1f2e3a4b',
      '/about',
      '/get-in-touch',
      '/terms',
      '/trending',
      '/confirm-subscription?token=abc',
      '/unsubscribe?email=a%40b.c',
      '/celeb',
      '/ShowsFindr',
      '/celebfindr',
      '/explore',
      '/fashion/',
    ];
    for (const url of paths) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>storefront</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a direct load of an unknown path with HTTP 404 and the app (which shows its 404 page)', async () => {
    for (const url of ['/nope', '/celebrity/a/b', '/product/1/extra', '/fashionista', '/administrator']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<title>storefront</title>');
    }
  });

  it('serves built files with long caching and answers a missing file with a plain 404', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('serves the pre-compressed copy of an asset to a client that accepts it', async () => {
    const compressed = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('falls back to the admin console under /admin', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/posts?id=1', '/admin/anything/deep']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>admin console</title>');
    }
    const asset = await app.inject({ url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
  });

  it('keeps unknown /api paths JSON even when the web apps are built', async () => {
    const res = await app.inject({ url: '/api/not-a-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the content security policy with the app', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  });
});

describe('web apps that are not built', () => {
  it('says how to build them instead of crashing', async () => {
    const app = await buildTestGateway();
    const web = await app.inject({ url: '/fashion' });
    expect(web.statusCode).toBe(503);
    expect(web.body).toContain('npm run build -w web');
    const admin = await app.inject({ url: '/admin/posts' });
    expect(admin.statusCode).toBe(503);
    expect(admin.body).toContain('npm run build -w admin-web');
    expect((await app.inject({ url: '/api/site-config' })).statusCode).toBe(200);
    await app.close();
  });
});
