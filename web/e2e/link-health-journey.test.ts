import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import type { Browser, Page } from 'playwright-core';
import { DeadLinkStatuses } from '@celebstyle/contracts';
import {
  QueueName,
  createWorkerConnection,
  type LinkHealthOfferEvent,
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
  affiliateLinks: { _id: string; url: string; text: string; health?: string | null }[];
  offer?: { kind: string; amount?: number; currency?: string } | null;
};

let stack: E2eStack;
let browser: Browser;
let connection: ReturnType<typeof createWorkerConnection>;
let queue: Queue<LinkHealthOfferEvent>;
let posts: ApiPost[];
/** Posts whose links a test has given a verdict: each test takes its own. */
const used = new Set<string>();
const unused = (p: ApiPost) => !used.has(p._id);

beforeAll(async () => {
  stack = await startE2eStack('link_health', 120, { workers: true });
  connection = createWorkerConnection(stack.stack.redisUrl);
  queue = new Queue<LinkHealthOfferEvent>(QueueName.linkHealthEvents, {
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

type Offer = Pick<LinkHealthOfferEvent, 'status' | 'stockStatus' | 'price' | 'currency' | 'retailer'>;
/**
 * Sends one check per link with its offer, as link-validation does, and waits until the public
 * answer of the post carries the card's offer the catalog derived from them.
 */
async function reportOffers(post: ApiPost, offers: Offer[]): Promise<ApiPost> {
  used.add(post._id);
  for (const [i, offer] of offers.entries()) {
    const job = await queue.add('link-health-changed', {
      postId: post._id,
      linkId: post.affiliateLinks[i]!._id,
      checkedAt: new Date((clock += 1_000)).toISOString(),
      ...offer,
    });
    await expect.poll(() => queue.getJobState(job.id!), { timeout: 15_000 }).toBe('completed');
  }
  let answer: ApiPost | undefined;
  await expect
    .poll(
      async () => {
        answer = (await api(`/api/posts/${post._id}`)) as ApiPost;
        return answer.affiliateLinks.every((link) => link.health != null) && answer.offer !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return answer!;
}

/** A product page in a fresh context: no answer cached by an earlier visit. */
async function openProduct(id: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
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

const inStock = (price: number, currency = 'USD', retailer: string | null = null): Offer => ({
  status: 'active',
  stockStatus: 'in_stock',
  price,
  currency,
  retailer,
});

describe('prices and retailers where shoppers look (Chromium)', () => {
  it('Shop Now names the shop, the price and Similar; the options say Exact item; texts are said once', async () => {
    const item = posts.find((p) => unused(p) && p.affiliateLinks.length === 2)!;
    const answer = await reportOffers(item, [
      { status: 'sold_out', stockStatus: 'out_of_stock', price: 99, currency: 'USD', retailer: null },
      inStock(42.5, 'GBP', 'Revolve'),
    ]);
    expect(answer.offer).toEqual({
      kind: 'price',
      linkId: item.affiliateLinks[1]!._id,
      amount: 42.5,
      currency: 'GBP',
    });
    const page = await openProduct(item._id);
    const shopNow = page.getByTestId('shop-now');
    expect(await shopNow.getByTestId('shop-now-retailer').textContent()).toBe('at Revolve');
    expect(await shopNow.getByTestId('shop-now-match').textContent()).toBe('Similar');
    expect(await shopNow.textContent()).toContain('£42.50');
    const option = page.getByRole('region', { name: 'More Shopping Options' }).getByRole('link').first();
    expect(await option.getByTestId('option-facts').textContent()).toMatch(/^\S.* · Exact item · \$99\.00$/);
    // the seed's texts repeat themselves ('Similar at Revolve at Revolve'): no shown text does
    for (const text of await page.locator('a[rel~="sponsored"]').allTextContents())
      expect(text).not.toMatch(/\b(at \S+) \1\b/i);
    // the server's HTML names the same shop and price
    const html = await (await fetch(`${stack.url}/product/${item._id}`)).text();
    expect(html).toContain('at Revolve');
    expect(html).toContain('£42.50');
    expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);
    await page.context().close();
  });

  it('listing cards show the first healthy price or Sold out, in the browser and in the HTML', async () => {
    const priced = posts.find((p) => unused(p) && p.affiliateLinks.length >= 1)!;
    await reportOffers(
      priced,
      priced.affiliateLinks.map(() => inStock(64)),
    );
    const gone = posts.find((p) => unused(p) && p.affiliateLinks.length >= 1)!;
    await reportOffers(
      gone,
      gone.affiliateLinks.map(() => ({ status: 'sold_out' as const })),
    );
    const path = `/fashion?celebrity=${encodeURIComponent(priced.celebrity)},${encodeURIComponent(gone.celebrity)}`;
    const html = await (await fetch(stack.url + path)).text();
    expect(html).toContain('$64.00');
    expect(html).toContain('Sold out');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(stack.url + path);
    const card = (id: string) => page.locator(`a[href="/product/${id}"]`).first();
    expect(await card(priced._id).getByTestId('card-price').textContent()).toBe('$64.00');
    expect(await card(gone._id).getByTestId('card-sold-out').textContent()).toBe('Sold out');
    await context.close();
  });

  it('/fashion filters by a price range and sorts by price, both kept in the URL', async () => {
    const three = posts.filter((p) => unused(p) && p.affiliateLinks.length >= 1).slice(0, 3);
    for (const [i, post] of three.entries())
      await reportOffers(
        post,
        post.affiliateLinks.map(() => inStock(1000 + 100 * (3 - i))),
      );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const inFlight = trackApiRequests(page);
    await page.goto(`${stack.url}/fashion`);
    await waitUntilSettled(page, inFlight);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await page.waitForURL(/sort=price_asc/);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Minimum price').fill('1000');
    await filters.getByLabel('Maximum price').fill('1400');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/minPrice=1000&maxPrice=1400/);
    const expected = ['$1,100.00', '$1,200.00', '$1,300.00'];
    await expect.poll(() => page.getByTestId('card-price').allTextContents()).toEqual(expected);
    expect(await page.getByTestId('item-count').textContent()).toBe('3 Items');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: High to Low' });
    await page.waitForURL(/sort=price_desc/);
    await expect
      .poll(() => page.getByTestId('card-price').allTextContents())
      .toEqual([...expected].reverse());
    // the address alone gives the same page, from the server
    const html = await (await fetch(page.url())).text();
    expect(html.indexOf('$1,300.00')).toBeGreaterThan(-1);
    expect(html.indexOf('$1,300.00')).toBeLessThan(html.indexOf('$1,100.00'));
    await context.close();
  });

  it("on a phone a sticky Shop Now bar appears once the page's Shop Now is scrolled past", async () => {
    const item = posts.find((p) => unused(p) && p.affiliateLinks.length >= 1)!;
    await reportOffers(
      item,
      item.affiliateLinks.map(() => inStock(75, 'EUR', 'Mytheresa')),
    );
    const page = await openProduct(item._id, { width: 375, height: 812 });
    const bar = page.getByRole('complementary', { name: 'Shop this item', includeHidden: true });
    expect(await bar.isVisible()).toBe(false);
    expect(await page.getByTestId('sticky-shop-now').isVisible()).toBe(false);
    const shopNowBottom = await page
      .getByTestId('shop-now')
      .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y + 50), shopNowBottom);
    const sticky = page.getByRole('link', { name: /Shop Now at Mytheresa · €75\.00/ });
    await sticky.waitFor({ state: 'visible' });
    expect(await sticky.getAttribute('href')).toBe(await page.getByTestId('shop-now').getAttribute('href'));
    // room at the page's end: the bar never covers the footer for good
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('72px');
    // the double-click guard: a click the browser counts as a second one opens no second tab (no
    // shop is ever contacted: anything not on this machine is refused first)
    await page.context().route(
      (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
      (route) => route.abort(),
    );
    const secondClickLetGo = await sticky.evaluate((a) => {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 2 });
      a.dispatchEvent(click);
      return click.defaultPrevented;
    });
    expect(secondClickLetGo).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('sticky-shop-now').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
