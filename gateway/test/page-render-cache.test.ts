import {
  catalogDataVersionKey,
  createProducerConnection,
  createTestRedis,
  type TestRedis,
} from '@celebstyle/queue';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedRenderer } from '../src/modules/page-rendering/render-cache.ts';
import type { RenderedPage } from '../src/modules/page-rendering/web-server-bundle.ts';

/** The per-URL cache of server-rendered pages, keyed by the catalog's data version in real Redis. */
describe('server-rendered page cache', () => {
  let testRedis: TestRedis;
  let redis: Redis;
  const versionKey = () => catalogDataVersionKey(testRedis.prefix);

  beforeAll(async () => {
    testRedis = await createTestRedis('gateway-page-cache');
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    redis?.disconnect();
    await testRedis?.cleanup();
  });

  function counted(complete = true) {
    const renders: string[] = [];
    const render = async (url: string): Promise<RenderedPage> => {
      renders.push(url);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { kind: 'page', status: 200, html: `<p>${url} #${renders.length}</p>`, complete };
    };
    const cache = cachedRenderer(render, {
      ttlMs: 60_000,
      maxBytes: 1024 * 1024,
      catalogVersion: () => redis.get(versionKey()),
    });
    return { renders, cache };
  }

  it('answers a URL rendered a moment ago from the cache, and another URL with a render of its own', async () => {
    const { renders, cache } = counted();
    const first = await cache('/product/a');
    const again = await cache('/product/a');
    await cache('/product/b');
    expect(first.cached).toBe(false);
    expect(again).toEqual({ page: first.page, cached: true });
    expect(renders).toEqual(['/product/a', '/product/b']);
  });

  it('renders a page again once the catalog changes, answering the previous one only while it renders', async () => {
    const { renders, cache } = counted();
    const before = await cache('/fashion');
    await redis.incr(versionKey());
    const during = await cache('/fashion');
    expect(during.page).toEqual(before.page);
    await expect.poll(() => renders.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await cache('/fashion');
    expect(after.cached).toBe(true);
    expect(after.page).not.toEqual(before.page);
    expect(renders).toEqual(['/fashion', '/fashion']);
  });

  it('keeps no page that failed in part, so the next visitor gets a fresh try', async () => {
    const { renders, cache } = counted(false);
    await cache('/');
    await cache('/');
    expect(renders).toEqual(['/', '/']);
  });

  it('renders a URL once for visitors who ask for it at the same time', async () => {
    const { renders, cache } = counted();
    const pages = await Promise.all(Array.from({ length: 5 }, () => cache('/trending')));
    expect(renders).toEqual(['/trending']);
    expect(new Set(pages.map((p) => p.page.kind === 'page' && p.page.html)).size).toBe(1);
  });
});
