import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import type { Browser, Page } from 'playwright-core';
import { DeadLinkStatuses } from '@celebstyle/contracts';
import {
  QueueName,
  createWorkerConnection,
  type LinkHealthStatusEvent,
  type LinkHealthStatus,
} from '@celebstyle/queue';
import { launchChromium } from '@celebstyle/deploy/e2e';
import { startE2eStack, type E2eStack } from './support/stack.ts';
import { seriousAxeViolations, trackApiRequests, waitUntilSettled } from './support/public-pages.ts';

// Shop Now following link health, in real Chromium against the running stack: link health reaches
// the catalog the way link-validation sends it, as events on the link-health-events queue that the
// catalog worker stores.
type ApiPost = {
  _id: string;
  title: string;
  celebrity: string;
  affiliateLinks: { _id: string; url: string; health?: string | null }[];
};

let stack: E2eStack;
let browser: Browser;
let connection: ReturnType<typeof createWorkerConnection>;
let queue: Queue<LinkHealthStatusEvent>;
let posts: ApiPost[];
/** Posts whose links a test has given a verdict: each test takes its own. */
const used = new Set<string>();
const unused = (p: ApiPost) => !used.has(p._id);

beforeAll(async () => {
  stack = await startE2eStack('link_health', 120, { workers: true });
  connection = createWorkerConnection(stack.stack.redisUrl);
  queue = new Queue<LinkHealthStatusEvent>(QueueName.linkHealthEvents, {
    connection,
    prefix: stack.stack.queuePrefix,
  });
  browser = await launchChromium();
  posts = ((await api('/api/posts?limit=100')) as { posts: ApiPost[] }).posts;
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await queue?.close();
  connection?.disconnect();
  await stack?.stop();
}, 60_000);

async function api(path: string): Promise<unknown> {
  const res = await fetch(stack.url + path);
  expect(res.status).toBe(200);
  return res.json();
}

let clock = Date.now();
/** Sends link-validation's verdicts and waits until the public answer of the post shows them. */
async function reportHealth(post: ApiPost, statuses: LinkHealthStatus[]): Promise<void> {
  used.add(post._id);
  const verdicts = new Map(post.affiliateLinks.map((link, i) => [link._id, statuses[i]!]));
  for (const [linkId, status] of verdicts) {
    const job = await queue.add('link-health-changed', {
      postId: post._id,
      linkId,
      status,
      checkedAt: new Date((clock += 1_000)).toISOString(),
    });
    await expect.poll(() => queue.getJobState(job.id!), { timeout: 15_000 }).toBe('completed');
  }
  // stored changes retire the cached public answers within a second
  await expect
    .poll(
      async () => {
        const answer = (await api(`/api/posts/${post._id}`)) as ApiPost;
        return answer.affiliateLinks.every((link) => link.health === verdicts.get(link._id));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** A product page in a fresh context: no answer cached by an earlier visit. */
async function openProduct(id: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const inFlight = trackApiRequests(page);
  await page.goto(`${stack.url}/product/${id}`);
  await page.locator('h1').waitFor();
  await waitUntilSettled(page, inFlight);
  return page;
}

/** A shop's address without its query. */
const shopOfLink = (url: string) => new URL(url).origin + new URL(url).pathname;
/** The shop a rewritten link leads to (the redirect service carries it in `url`), without its query. */
const shopOf = (href: string | null) => shopOfLink(new URL(href!).searchParams.get('url')!);

describe('Shop Now follows link health (Chromium)', () => {
  it('an item whose every link is dead is no longer available and links to similar looks that work', async () => {
    // a celebrity with several looks, so similar looks exist
    const counts = new Map<string, number>();
    for (const p of posts) counts.set(p.celebrity, (counts.get(p.celebrity) ?? 0) + 1);
    const gone = posts.find(
      (p) => unused(p) && p.affiliateLinks.length > 0 && counts.get(p.celebrity)! >= 3,
    )!;
    await reportHealth(
      gone,
      gone.affiliateLinks.map((_, i) => DeadLinkStatuses[i % DeadLinkStatuses.length]!),
    );

    const page = await openProduct(gone._id);
    await page.getByRole('heading', { name: 'This item is no longer available' }).waitFor();
    expect(await page.getByTestId('shop-now').count()).toBe(0);
    expect(await page.locator('a[rel~="sponsored"]').count()).toBe(0);

    const looks = page.getByTestId('similar-looks').getByRole('link');
    await looks.first().waitFor();
    const hrefs = await Promise.all((await looks.all()).map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href).toMatch(/^\/product\/[0-9a-f-]{36}$/);
      expect(href).not.toBe(`/product/${gone._id}`);
      const look = (await api(`/api/posts/${href!.slice('/product/'.length)}`)) as ApiPost;
      expect(look.celebrity).toBe(gone.celebrity);
    }

    expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);

    const first = (await api(`/api/posts/${hrefs[0]!.slice('/product/'.length)}`)) as ApiPost;
    await looks.first().click();
    await page.waitForURL(`${stack.url}${hrefs[0]}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(first.title);
    await page.getByTestId('shop-now').waitFor();
    await page.context().close();
  });

  it('a sold-out link reads Sold out and Shop Now goes to the next healthy link', async () => {
    const item = posts.find(
      (p) =>
        unused(p) &&
        p.affiliateLinks.length === 2 &&
        shopOfLink(p.affiliateLinks[0]!.url) !== shopOfLink(p.affiliateLinks[1]!.url),
    )!;
    const [soldOut, healthy] = item.affiliateLinks as [
      ApiPost['affiliateLinks'][0],
      ApiPost['affiliateLinks'][0],
    ];
    const before = await openProduct(item._id);
    expect(shopOf(await before.getByTestId('shop-now').getAttribute('href'))).toBe(shopOfLink(soldOut.url));
    await before.context().close();

    await reportHealth(item, ['sold_out', 'active']);
    const page = await openProduct(item._id);
    expect(shopOf(await page.getByTestId('shop-now').getAttribute('href'))).toBe(shopOfLink(healthy.url));
    const options = page.getByRole('region', { name: 'More Shopping Options' }).getByRole('link');
    expect(await options.count()).toBe(1);
    expect(shopOf(await options.first().getAttribute('href'))).toBe(shopOfLink(soldOut.url));
    expect(await options.first().textContent()).toContain('Sold out');
    expect(await page.getByText('This item is no longer available').count()).toBe(0);
    await page.context().close();
  });

  it('when every link is sold out the page reads Sold out, with no Shop Now', async () => {
    const item = posts.find((p) => unused(p) && p.affiliateLinks.length === 1)!;
    await reportHealth(item, ['sold_out']);
    const page = await openProduct(item._id);
    expect(await page.getByTestId('sold-out').textContent()).toBe('Sold out');
    expect(await page.getByTestId('shop-now').count()).toBe(0);
    await page.getByTestId('similar-looks').waitFor();
    expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);
    await page.context().close();
  });
});
