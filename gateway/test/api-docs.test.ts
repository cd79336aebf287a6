// The service workspaces have no package exports; their index.ts is what other workspaces may call.
import {
  buildApp as buildCatalog,
  connectDb as connectCatalogDb,
  migrate as migrateCatalog,
} from '../../services/catalog/src/index.ts';
import {
  buildApp as buildLinkValidation,
  migrate as migrateLinkValidation,
  type Database as LinkValidationDatabase,
} from '../../services/link-validation/src/index.ts';
import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { launchChromium } from '@celebstyle/deploy/e2e';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import { createAuthGuards, redisTokenVersions, type ServiceInstance } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_NAMES, UPSTREAM_SERVICES } from '../src/route-table.ts';
import { buildTestGateway } from './helpers/build-gateway.ts';
import { createTestKeys } from './helpers/keys.ts';

interface Operation {
  responses: Record<string, unknown>;
  tags?: string[];
}
interface Document {
  openapi: string;
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}

/** The real catalog and link-validation services, reached through the gateway; the other two are down. */
describe('the API reference at /api/docs', () => {
  let catalogDatabase: TestDatabase;
  let linkDatabase: TestDatabase;
  let testRedis: TestRedis;
  let redis: Redis;
  let catalogDb: ReturnType<typeof connectCatalogDb>;
  let linkDb: Kysely<LinkValidationDatabase>;
  let catalog: ServiceInstance;
  let linkValidation: ServiceInstance;
  let gateway: ServiceInstance;
  let gatewayUrl: string;
  let openGateway: ServiceInstance;
  let adminToken: string;

  beforeAll(async () => {
    [catalogDatabase, linkDatabase] = await Promise.all([
      createTestDatabase('gateway_docs_catalog'),
      createTestDatabase('gateway_docs_links'),
    ]);
    testRedis = await createTestRedis('gateway-docs');
    catalogDb = connectCatalogDb(catalogDatabase.url, { max: 2 });
    linkDb = createDb<LinkValidationDatabase>({ connectionString: linkDatabase.url, max: 2 });
    await migrateCatalog(catalogDb);
    await migrateLinkValidation(linkDb);
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
    catalog = await buildCatalog({ db: catalogDb, redis, keyPrefix: testRedis.prefix, logLevel: 'silent' });
    const keys = await createTestKeys();
    linkValidation = await buildLinkValidation({
      db: linkDb,
      redis,
      keyPrefix: testRedis.prefix,
      guards: createAuthGuards(keys.verifier, redisTokenVersions(redis)),
      logLevel: 'silent',
    });
    adminToken = await keys.sign();
    const upstreams = {
      catalog: await catalog.listen({ port: 0, host: '127.0.0.1' }),
      'link-validation': await linkValidation.listen({ port: 0, host: '127.0.0.1' }),
    };
    const guards = createAuthGuards(keys.verifier, redisTokenVersions(redis));
    // As in production: the admin API only for signed-in admins.
    gateway = await buildTestGateway({ upstreams, guards });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
    // As outside production: everyone sees the whole API.
    openGateway = await buildTestGateway({ upstreams, guards, publicAdminDocs: true });
  });
  afterAll(async () => {
    await gateway?.close();
    await openGateway?.close();
    await catalog?.close();
    await linkValidation?.close();
    await catalogDb?.destroy();
    await linkDb?.destroy();
    redis?.disconnect();
    await testRedis?.cleanup();
    await catalogDatabase?.drop();
    await linkDatabase?.drop();
  });

  const combined = async () => {
    const res = await fetch(`${gatewayUrl}/api/docs/json`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Document;
  };

  it("combines the gateway's routes with each service's document, as the gateway routes them", async () => {
    const document = await combined();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('CelebStyle API');
    expect(document.paths['/api/site-config']!.get!.responses['200']).toBeDefined();
    expect(document.paths['/api/posts']!.get!.tags).toEqual(['catalog']);
    expect(document.paths['/api/admin/url-cleaning-rules/{id}']!.put!.tags).toEqual(['link-validation']);
    for (const path of Object.keys(document.paths)) {
      const routed = UPSTREAM_NAMES.some((name) =>
        UPSTREAM_SERVICES[name].prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
      );
      expect(routed || path === '/api/site-config', path).toBe(true);
    }
    // Proxy routes, web pages and operational routes are not API operations.
    expect(
      Object.keys(document.paths).filter((path) => path.includes('*') || !path.startsWith('/api/')),
    ).toEqual([]);
  });

  it('shows the admin API only to a signed-in admin in production, and nothing only admin routes use', async () => {
    const res = await fetch(`${gatewayUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const document = JSON.parse(text) as Document & { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/admin'))).toEqual([]);
    expect(text).not.toContain('/api/admin');
    expect(document.paths['/api/posts']!.get).toBeDefined();
    expect(document.paths['/api/url-cleaning-rules']).toBeDefined();
    const full = (await combined()) as typeof document;
    expect(Object.keys(full.paths).some((path) => path.startsWith('/api/admin/posts'))).toBe(true);
    // Every schema left is one the public part refers to; those only admin operations use are gone.
    const kept = Object.keys(document.components.schemas);
    for (const name of kept) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    expect(kept.length).toBeLessThanOrEqual(Object.keys(full.components.schemas).length);
    const yaml = await fetch(`${gatewayUrl}/api/docs/yaml`);
    expect(await yaml.text()).not.toContain('/api/admin');
  });

  it('answers 401 in the error format for a token that is not valid', async () => {
    const res = await fetch(`${gatewayUrl}/api/docs/json`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 401, code: expect.any(String) });
  });

  it('shows the whole API to everyone outside production', async () => {
    const res = await openGateway.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<Document>();
    expect(document.paths['/api/admin/url-cleaning-rules/{id}']!.put!.tags).toEqual(['link-validation']);
  });

  it('says which services did not answer, and shows them once they do', async () => {
    const document = await combined();
    expect(document.info.description).toContain('the accounts, newsletter-support service did not answer');
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/admin/auth'))).toBe(false);
  });

  it('documents a response schema for every status of every operation, errors included', async () => {
    const document = await combined();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => /^[23]/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        expect(
          statuses.some((status) => status.startsWith('4')),
          `${method} ${path}`,
        ).toBe(true);
        expect(
          statuses.some((status) => status.startsWith('5')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it(
    'is shown by Swagger UI in Chromium, within the content security policy of that path',
    { timeout: 240_000 },
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const violations: string[] = [];
        page.on('console', (message) => {
          if (/content security policy/i.test(message.text())) violations.push(message.text());
        });
        const answer = await page.goto(`${gatewayUrl}/api/docs`, {
          waitUntil: 'domcontentloaded',
          timeout: 60_000,
        });
        expect(answer!.status()).toBe(200);
        await page
          .getByText('/api/posts/trending-celebrities', { exact: true })
          .first()
          .waitFor({ timeout: 90_000 });
        expect(await page.locator('.opblock-tag').allTextContents()).toEqual(
          expect.arrayContaining([
            expect.stringContaining('catalog'),
            expect.stringContaining('link-validation'),
          ]),
        );
        expect(violations).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it("needs no loosening of the site's policy: scripts only from the gateway, none inline", async () => {
    const docs = await fetch(`${gatewayUrl}/api/docs`);
    const elsewhere = await fetch(`${gatewayUrl}/api/site-config`);
    const policy = docs.headers.get('content-security-policy');
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toBe(elsewhere.headers.get('content-security-policy'));
  });

  it('answers 404 for metrics: no process shows its metrics through the public gateway', async () => {
    for (const path of ['/metrics', '/api/metrics', '/metrics?x=1', '/api/posts/../metrics']) {
      const res = await fetch(`${gatewayUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('http_requests_total');
    }
  });
});
