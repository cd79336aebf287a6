import type { PostOffer } from '@celebstyle/contracts';
import { QueueName, type LinkHealthOfferEvent, type LinkHealthStatus } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import {
  startLinkHealthConsumer,
  type LinkHealthConsumer,
} from '../src/modules/link-health/link-health.consumer.ts';
import { addPosts } from './helpers/post-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';
import { waitFor } from '@celebstyle/service-kit/testing';

let t: TestCatalog;
let connection: Redis;
let queue: Queue<LinkHealthOfferEvent>;
let consumer: LinkHealthConsumer;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await startTestCatalog('link_offers');
  connection = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  queue = new Queue<LinkHealthOfferEvent>(QueueName.linkHealthEvents, { connection, prefix: t.keyPrefix });
  consumer = startLinkHealthConsumer({
    db: t.db,
    connection,
    redis: connection,
    keys: catalogKeys(t.keyPrefix),
    prefix: t.keyPrefix,
    log: silent,
  });
});
afterAll(async () => {
  await consumer.close();
  await queue.close();
  connection.disconnect();
  await t.close();
});

async function postWithLinks(
  title: string,
  count: number,
  show = 'Offer Show',
): Promise<{ postId: string; linkIds: string[] }> {
  const [postId] = await addPosts(t.db, [
    { title, show, links: Array.from({ length: count }, (_, i) => `${title} link ${i}`) },
  ]);
  const rows = await t.db
    .selectFrom('affiliate_links')
    .select('id')
    .where('post_id', '=', postId!)
    .orderBy('position')
    .execute();
  return { postId: postId!, linkIds: rows.map((row) => row.id) };
}

let clock = Date.parse('2026-11-26T08:00:00Z');
interface Offer {
  status?: LinkHealthStatus;
  stockStatus?: string | null;
  price?: number | null;
  currency?: string | null;
  retailer?: string | null;
  checkedAt?: Date;
}
async function report(postId: string, linkId: string, offer: Offer): Promise<void> {
  const { checkedAt = new Date((clock += 1_000)), status = 'active', ...rest } = offer;
  const job = await queue.add('link-health-changed', {
    postId,
    linkId,
    status,
    checkedAt: checkedAt.toISOString(),
    ...rest,
  });
  await settled(job.id!, 'completed');
}

/** Waits for the job to end (usable in hooks, where expect.poll is not). */
async function settled(jobId: string, state: 'completed' | 'failed'): Promise<void> {
  await waitFor(async () => {
    const now = await queue.getJobState(jobId);
    if (now !== state) throw new Error(`job ${jobId} is ${now}, not ${state}`);
  });
}

interface AnsweredPost {
  _id: string;
  title: string;
  offer?: PostOffer;
  affiliateLinks: {
    text: string;
    price?: number | null;
    currency?: string | null;
    retailer?: string | null;
  }[];
}
async function product(postId: string): Promise<AnsweredPost> {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts/${postId}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function listing(query: string): Promise<AnsweredPost[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts?show=Price%20Show&${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().posts;
}

describe('link offers from link-health events', () => {
  it("stores a link's price, currency, stock and retailer and answers the card's price", async () => {
    const { postId, linkIds } = await postWithLinks('Stored offer', 2);
    expect((await product(postId)).offer).toBeNull();
    await report(postId, linkIds[1]!, {
      stockStatus: 'in_stock',
      price: 89.5,
      currency: 'GBP',
      retailer: 'Revolve',
    });
    const post = await product(postId);
    expect(post.offer).toEqual({ kind: 'price', linkId: linkIds[1], amount: 89.5, currency: 'GBP' });
    expect(post.affiliateLinks[0]).toMatchObject({ price: 89.5, currency: 'GBP', retailer: 'Revolve' });
  });

  it('takes the first buyable, priced link by position, not a later cheaper one', async () => {
    const { postId, linkIds } = await postWithLinks('First by position', 3);
    await report(postId, linkIds[2]!, { stockStatus: 'in_stock', price: 10, currency: 'USD' });
    await report(postId, linkIds[1]!, { stockStatus: 'in_stock', price: 40, currency: 'EUR' });
    await report(postId, linkIds[0]!, { stockStatus: 'out_of_stock', price: 5, currency: 'USD' });
    expect((await product(postId)).offer).toEqual({
      kind: 'price',
      linkId: linkIds[1],
      amount: 40,
      currency: 'EUR',
    });
  });

  it('ignores an older event: its price changes nothing', async () => {
    const { postId, linkIds } = await postWithLinks('Older event', 1);
    await report(postId, linkIds[0]!, {
      price: 30,
      currency: 'USD',
      checkedAt: new Date('2026-11-26T10:00:00Z'),
    });
    await report(postId, linkIds[0]!, {
      price: 99,
      currency: 'USD',
      checkedAt: new Date('2026-11-26T09:00:00Z'),
    });
    expect((await product(postId)).offer).toMatchObject({ amount: 30 });
  });

  it('keeps the held offer when an event carries none (published before events carried offers)', async () => {
    const { postId, linkIds } = await postWithLinks('Status only', 1);
    await report(postId, linkIds[0]!, { stockStatus: 'in_stock', price: 12.34, currency: 'USD' });
    const job = await queue.add('link-health-changed', {
      postId,
      linkId: linkIds[0]!,
      status: 'active',
      checkedAt: new Date((clock += 1_000)).toISOString(),
    });
    await settled(job.id!, 'completed');
    expect((await product(postId)).offer).toMatchObject({ amount: 12.34 });
  });

  it('says sold out once every link is known to be unbuyable, and nothing while one is unchecked', async () => {
    const { postId, linkIds } = await postWithLinks('Sold out', 3);
    await report(postId, linkIds[0]!, { status: 'sold_out', price: 20, currency: 'USD' });
    await report(postId, linkIds[1]!, {
      status: 'active',
      stockStatus: 'out_of_stock',
      price: 20,
      currency: 'USD',
    });
    expect((await product(postId)).offer).toBeNull();
    await report(postId, linkIds[2]!, { status: '404' });
    expect((await product(postId)).offer).toEqual({ kind: 'sold-out' });
    await report(postId, linkIds[1]!, {
      status: 'active',
      stockStatus: 'in_stock',
      price: 18,
      currency: 'USD',
    });
    expect((await product(postId)).offer).toMatchObject({ kind: 'price', amount: 18 });
  });

  it('refuses an event whose price or currency is malformed, for good', async () => {
    const { postId, linkIds } = await postWithLinks('Malformed', 1);
    for (const bad of [{ price: -1 }, { price: 'cheap' }, { currency: 'dollars' }]) {
      const job = await queue.add('link-health-changed', {
        postId,
        linkId: linkIds[0]!,
        status: 'active',
        checkedAt: new Date((clock += 1_000)).toISOString(),
        ...bad,
      } as unknown as LinkHealthOfferEvent);
      await settled(job.id!, 'failed');
    }
    expect((await product(postId)).offer).toBeNull();
  });
});

describe('GET /api/posts price filter and sort', () => {
  let cheap: string, mid: string, dear: string, unpriced: string;
  beforeAll(async () => {
    const posts = await Promise.all(
      ['Cheap tee', 'Mid jeans', 'Dear coat', 'Unpriced scarf'].map((title) =>
        postWithLinks(title, 1, 'Price Show'),
      ),
    );
    [cheap, mid, dear, unpriced] = posts.map((p) => p.postId) as [string, string, string, string];
    const prices = [15, 60, 450];
    for (const [i, price] of prices.entries())
      await report(posts[i]!.postId, posts[i]!.linkIds[0]!, {
        stockStatus: 'in_stock',
        price,
        currency: 'USD',
      });
  });
  const titles = (posts: AnsweredPost[]) => posts.map((p) => p.title);

  it('sorts by price either way, posts without a price last', async () => {
    expect(titles(await listing('sort=price&order=asc'))).toEqual([
      'Cheap tee',
      'Mid jeans',
      'Dear coat',
      'Unpriced scarf',
    ]);
    expect(titles(await listing('sort=price&order=desc'))).toEqual([
      'Dear coat',
      'Mid jeans',
      'Cheap tee',
      'Unpriced scarf',
    ]);
  });

  it('keeps posts whose card price is within the bounds, leaving unpriced ones out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/posts?show=Price%20Show&minPrice=15&maxPrice=100',
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .posts.map((p: AnsweredPost) => p._id)
        .sort(),
    ).toEqual([cheap, mid].sort());
    expect(res.json().pagination.totalPosts).toBe(2);
    expect((await listing('minPrice=100')).map((p) => p._id)).toEqual([dear]);
    expect((await listing('maxPrice=14.99')).map((p) => p._id)).toEqual([]);
    expect((await listing('')).map((p) => p._id)).toContain(unpriced);
  });

  it('moves a post into a cached price-filtered listing when its price changes', async () => {
    expect((await listing('maxPrice=100&sort=price&order=asc')).map((p) => p._id)).toEqual([cheap, mid]);
    const dearLink = await t.db
      .selectFrom('affiliate_links')
      .select('id')
      .where('post_id', '=', dear)
      .executeTakeFirstOrThrow();
    await report(dear, dearLink.id, { stockStatus: 'in_stock', price: 40, currency: 'USD' });
    expect((await listing('maxPrice=100&sort=price&order=asc')).map((p) => p._id)).toEqual([
      cheap,
      dear,
      mid,
    ]);
  });

  it.each([
    ['minPrice=abc', 'querystring.minPrice must be number'],
    ['maxPrice=-5', 'querystring.maxPrice must be >= 0'],
    ['minPrice=Infinity', 'querystring.minPrice must be a finite integer'], // service-kit's wording for any number
    ['minPrice=50&maxPrice=10', 'querystring.minPrice must not be greater than querystring.maxPrice'],
  ])('answers 400 for %s naming the field', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_FAILED' });
  });
});
