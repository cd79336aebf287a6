import {
  latestCatalogChange,
  QueueName,
  readCatalogSequence,
  type LinkHealthStatusEvent,
  type LinkHealthStatus,
} from '@celebstyle/queue';
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

let t: TestCatalog;
let connection: Redis;
let queue: Queue<LinkHealthStatusEvent>;
let consumer: LinkHealthConsumer;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await startTestCatalog('link_health');
  connection = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  queue = new Queue<LinkHealthStatusEvent>(QueueName.linkHealthEvents, { connection, prefix: t.keyPrefix });
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

async function postWithLinks(count: number): Promise<{ postId: string; linkIds: string[] }> {
  const [postId] = await addPosts(t.db, [
    { title: 'Healthy first', links: Array.from({ length: count }, (_, i) => `Link ${i}`) },
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
async function report(
  postId: string,
  linkId: string,
  status: LinkHealthStatus,
  checkedAt = new Date((clock += 1_000)),
): Promise<void> {
  const job = await queue.add('link-health-changed', {
    postId,
    linkId,
    status,
    checkedAt: checkedAt.toISOString(),
  });
  await expect.poll(async () => await queue.getJobState(job.id!), { timeout: 10_000 }).toBe('completed');
}

async function publicLinks(postId: string): Promise<{ text: string; health?: string | null }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts/${postId}` });
  expect(res.statusCode).toBe(200);
  return res.json().affiliateLinks;
}

describe('link health in the public answers', () => {
  it('lists active links first, then unchecked ones, then sold out, and leaves dead links out', async () => {
    const { postId, linkIds } = await postWithLinks(4);
    expect((await publicLinks(postId)).map((link) => link.text)).toEqual([
      'Link 0',
      'Link 1',
      'Link 2',
      'Link 3',
    ]);
    await report(postId, linkIds[0]!, '404');
    await report(postId, linkIds[1]!, 'sold_out');
    await report(postId, linkIds[3]!, 'active');
    const links = await publicLinks(postId);
    expect(links.map((link) => [link.text, link.health])).toEqual([
      ['Link 3', 'active'],
      ['Link 2', null],
      ['Link 1', 'sold_out'],
    ]);
  });

  it('keeps every link of a post whose links are all dead, so the storefront can say the item is gone', async () => {
    const { postId, linkIds } = await postWithLinks(2);
    await report(postId, linkIds[0]!, 'product_removed');
    await report(postId, linkIds[1]!, 'invalid');
    expect((await publicLinks(postId)).map((link) => link.health)).toEqual(['product_removed', 'invalid']);
  });

  it('ignores an event older than the health it holds, and one for a link of another post', async () => {
    const { postId, linkIds } = await postWithLinks(2);
    const other = await postWithLinks(1);
    await report(postId, linkIds[0]!, 'active', new Date('2026-11-26T10:00:00Z'));
    await report(postId, linkIds[0]!, '404', new Date('2026-11-26T09:00:00Z'));
    await report(other.postId, linkIds[1]!, '404');
    expect((await publicLinks(postId)).map((link) => link.health)).toEqual(['active', null]);
  });

  it('shows a changed link at once in a cached listing that holds its post', async () => {
    const { postId, linkIds } = await postWithLinks(2);
    const listing = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/posts?limit=5&sort=createdAt&order=desc' });
      expect(res.statusCode).toBe(200);
      const post = (res.json().posts as { _id: string; affiliateLinks: { health?: string | null }[] }[]).find(
        (p) => p._id === postId,
      );
      return post?.affiliateLinks.map((link) => link.health ?? null);
    };
    await t.redis.incr(catalogKeys(t.keyPrefix).dataVersion); // the post is new to the listings
    expect(await listing()).toEqual([null, null]);
    expect(await listing()).toEqual([null, null]); // answered from the cache
    await report(postId, linkIds[1]!, 'active');
    // the job is done: the very next read shows it (no second of delay)
    expect(await listing()).toEqual(['active', null]);
  });

  it('stamps each changed post and leaves the data version, so other cached listings keep working', async () => {
    const posts = await Promise.all(Array.from({ length: 10 }, () => postWithLinks(1)));
    const before = await t.redis.get(catalogKeys(t.keyPrefix).dataVersion);
    const sequence = await readCatalogSequence(t.redis, t.keyPrefix);
    const jobs = await queue.addBulk(
      posts.map(({ postId, linkIds }) => ({
        name: 'link-health-changed',
        data: {
          postId,
          linkId: linkIds[0]!,
          status: 'active' as const,
          checkedAt: new Date((clock += 1_000)).toISOString(),
        },
      })),
    );
    await expect
      .poll(
        async () =>
          (await Promise.all(jobs.map((job) => queue.getJobState(job.id!)))).every(
            (state) => state === 'completed',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await t.redis.get(catalogKeys(t.keyPrefix).dataVersion)).toBe(before);
    for (const { postId } of posts)
      expect(await latestCatalogChange(t.redis, t.keyPrefix, [postId], false)).toBeGreaterThan(sequence);
    expect((await publicLinks(posts[9]!.postId)).map((link) => link.health)).toEqual(['active']);
  });

  it('refuses a malformed event for good', async () => {
    const job = await queue.add('link-health-changed', {
      postId: 'x',
      linkId: 'y',
      status: 'fine',
      checkedAt: 'now',
    } as unknown as LinkHealthStatusEvent);
    await expect.poll(async () => await queue.getJobState(job.id!), { timeout: 10_000 }).toBe('failed');
  });
});
