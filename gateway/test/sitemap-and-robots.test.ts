import {
  buildApp as buildCatalog,
  connectDb as connectCatalogDb,
  migrate,
  seed,
} from '../../services/catalog/src/index.ts';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import type { ServiceInstance } from '@celebstyle/service-kit';
import { toSlug } from '@celebstyle/slugs';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, TEST_SITE_CONFIG } from './helpers/build-gateway.ts';

const SITE = TEST_SITE_CONFIG.siteUrl;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);

/** The real catalog on a real PostgreSQL database behind the gateway. */
describe('GET /sitemap.xml and /robots.txt', () => {
  let database: TestDatabase;
  let testRedis: TestRedis;
  let redis: Redis;
  let db: ReturnType<typeof connectCatalogDb>;
  let catalog: ServiceInstance;
  let catalogUrl: string;
  let gateway: ServiceInstance;
  let approved: { id: string; celebrity: string; show: string }[];

  beforeAll(async () => {
    database = await createTestDatabase('gateway_sitemap');
    testRedis = await createTestRedis('gateway-sitemap');
    db = connectCatalogDb(database.url, { max: 4 });
    await migrate(db);
    await seed(db, { posts: 45 });
    approved = await db
      .selectFrom('posts')
      .where('status', '=', 'approved')
      .select(['id', 'celebrity', 'show'])
      .execute();
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
    catalog = await buildCatalog({ db, redis, keyPrefix: testRedis.prefix, logLevel: 'silent' });
    catalogUrl = await catalog.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildTestGateway({ upstreams: { catalog: catalogUrl } });
  });
  afterAll(async () => {
    await gateway?.close();
    await catalog?.close();
    await db?.destroy();
    redis?.disconnect();
    await testRedis?.cleanup();
    await database?.drop();
  });

  it('robots.txt allows the storefront, keeps crawlers out of the admin console and the API, and names the sitemap', async () => {
    const res = await gateway.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('lists every approved product, celebrity and show page with its lastmod in one urlset', async () => {
    const res = await gateway.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(res.body);
    expect(urls).toContain(`${SITE}/`);
    expect(urls).toContain(`${SITE}/fashion`);
    for (const post of approved) {
      expect(urls).toContain(`${SITE}/product/${post.id}`);
      expect(urls).toContain(`${SITE}/celebrity/${toSlug(post.celebrity)}`);
      expect(urls).toContain(`${SITE}/show/${toSlug(post.show)}`);
    }
    const hidden = await db.selectFrom('posts').where('status', '<>', 'approved').select('id').execute();
    for (const post of hidden) expect(urls).not.toContain(`${SITE}/product/${post.id}`);
    expect(new Set(urls).size).toBe(urls.length);
    for (const date of lastmods(res.body)) expect(Number.isNaN(Date.parse(date))).toBe(false);
  });

  it('becomes a sitemap index of files within the per-file limit when the URLs are over it', async () => {
    const small = await buildTestGateway({ upstreams: { catalog: catalogUrl }, sitemapUrlsPerFile: 20 });
    try {
      const index = await small.inject({ url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex');
      const files = locs(index.body);
      const postFiles = Math.ceil(approved.length / 20);
      expect(files).toEqual([
        `${SITE}/sitemaps/pages.xml`,
        ...Array.from({ length: postFiles }, (_, i) => `${SITE}/sitemaps/posts-${i + 1}.xml`),
      ]);
      expect(lastmods(index.body)).toHaveLength(files.length);
      const products: string[] = [];
      for (let n = 1; n <= postFiles; n++) {
        const file = await small.inject({ url: `/sitemaps/posts-${n}.xml` });
        expect(file.statusCode).toBe(200);
        expect(locs(file.body).length).toBeLessThanOrEqual(20);
        products.push(...locs(file.body));
      }
      expect(products.sort()).toEqual(approved.map((p) => `${SITE}/product/${p.id}`).sort());
      const pages = locs((await small.inject({ url: '/sitemaps/pages.xml' })).body);
      expect(pages).toContain(`${SITE}/celebrity/${toSlug(approved[0]!.celebrity)}`);
      const beyond = await small.inject({ url: `/sitemaps/posts-${postFiles + 1}.xml` });
      expect(beyond.statusCode).toBe(404);
      expect(beyond.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    } finally {
      await small.close();
    }
  });

  it('answers 503 JSON, not a broken sitemap, when the catalog does not answer', async () => {
    const orphan = await buildTestGateway();
    try {
      const res = await orphan.inject({ url: '/sitemap.xml' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await orphan.close();
    }
  });
});
