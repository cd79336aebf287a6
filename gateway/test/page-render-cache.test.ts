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
import { notePostsRead } from '../src/modules/page-rendering/page-dependencies.ts';
import { cachedRenderer } from '../src/modules/page-rendering/render-cache.ts';
import type { RenderedPage } from '../src/modules/page-rendering/web-server-bundle.ts';

const POST_A = '11111111-1111-4111-8111-111111111111';
const POST_B = '22222222-2222-4222-8222-222222222222';
const POST_C = '33333333-3333-4333-8333-333333333333';

/** The per-URL cache of server-rendered pages, kept fresh by the catalog's change stamps in real Redis. */
describe('server-rendered page cache', () => {
  let testRedis: TestRedis;
  let redis: Redis;

  beforeAll(async () => {
    testRedis = await createTestRedis('gateway-page-cache');
    redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    redis?.disconnect();
    await testRedis?.cleanup();
  });

  const change = (postIds: string[], listings = false) =>
    recordCatalogChange(redis, testRedis.prefix, { postIds, listings });

  /**
   * A renderer whose pages read the API answers `reads` gives for the URL (as the in-process API
   * notes them), numbered so that a new render shows.
   */
  function counted(
    options: { complete?: boolean; reads?: (url: string) => unknown[]; answering?: () => boolean } = {},
  ) {
    const renders: string[] = [];
    const render = async (url: string): Promise<RenderedPage> => {
      renders.push(url);
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const answer of options.reads?.(url) ?? []) notePostsRead(JSON.stringify(answer));
      return {
        kind: 'page',
        status: 200,
        html: `<p>${url} #${renders.length}</p>`,
        complete: options.complete ?? true,
      };
    };
    const cache = cachedRenderer(render, {
      ttlMs: 60_000,
      maxBytes: 1024 * 1024,
      changes: {
        sequence: () => readCatalogSequence(redis, testRedis.prefix),
        latest: (postIds) => latestCatalogChange(redis, testRedis.prefix, postIds, true),
      },
      catalogAnswering: options.answering,
    });
    return { renders, cache };
  }

  it('answers a URL rendered a moment ago from the cache, and another URL with a render of its own', async () => {
    const { renders, cache } = counted();
    const first = await cache(`/product/${POST_A}`);
    const again = await cache(`/product/${POST_A}`);
    await cache(`/product/${POST_B}`);
    expect(first.cached).toBe(false);
    expect(again).toEqual({ page: first.page, cached: true });
    expect(renders).toEqual([`/product/${POST_A}`, `/product/${POST_B}`]);
  });

  it('renders a product page again, for the very next visitor, once its post changes (link health)', async () => {
    const { renders, cache } = counted({ reads: () => [{ _id: POST_A, affiliateLinks: [] }] });
    const before = await cache(`/product/${POST_A}`);
    await change([POST_A]);
    const after = await cache(`/product/${POST_A}`);
    expect(after.cached).toBe(false);
    expect(after.page).not.toEqual(before.page);
    expect((await cache(`/product/${POST_A}`)).cached).toBe(true);
    expect(renders).toHaveLength(2);
  });

  it('renders a page again when any post it showed changes, and keeps it when another post changes', async () => {
    const { renders, cache } = counted({
      reads: () => [{ posts: [{ _id: POST_B }, { _id: POST_C, affiliateLinks: [{ _id: 'x' }] }] }],
    });
    await cache('/celebrity/some-one');
    await change([POST_A]);
    expect((await cache('/celebrity/some-one')).cached).toBe(true);
    await change([POST_C]);
    expect((await cache('/celebrity/some-one')).cached).toBe(false);
    expect(renders).toEqual(['/celebrity/some-one', '/celebrity/some-one']);
  });

  it('renders every page again after a change to the listings (a post added, a celebrity renamed)', async () => {
    const { renders, cache } = counted();
    await cache('/fashion');
    await change([], true);
    expect((await cache('/fashion')).cached).toBe(false);
    expect(renders).toEqual(['/fashion', '/fashion']);
  });

  it('does not keep a page whose post changed while it rendered', async () => {
    let changeDuring: Promise<unknown> | undefined;
    const { renders, cache } = counted({
      reads: () => {
        changeDuring ??= change([POST_B]);
        return [{ _id: POST_B }];
      },
    });
    await cache(`/product/${POST_B}`);
    await changeDuring;
    expect((await cache(`/product/${POST_B}`)).cached).toBe(false);
    expect(renders).toHaveLength(2);
  });

  it('answers no kept page while the catalog fails: the visitor gets a page rendered now', async () => {
    let answering = true;
    const { renders, cache } = counted({ answering: () => answering });
    await cache('/celebrity');
    answering = false;
    expect((await cache('/celebrity')).cached).toBe(false);
    answering = true;
    expect((await cache('/celebrity')).cached).toBe(true);
    expect(renders).toEqual(['/celebrity', '/celebrity']);
  });

  it('keeps no page that failed in part, so the next visitor gets a fresh try', async () => {
    const { renders, cache } = counted({ complete: false });
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
