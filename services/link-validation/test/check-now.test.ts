import { randomUUID } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_NOW_QUEUE,
  createCheckNowQueue,
  queueCheckNow,
} from '../src/modules/on-demand-checks/check-now-queue.ts';
import { registrableDomain } from '../src/modules/link-check-engine/retailer.ts';
import { createLinkChecker } from '../src/modules/link-check-engine/link-checker.ts';
import {
  startLinkValidationWorker,
  type LinkValidationWorker,
} from '../src/modules/check-jobs/link-validation-worker.ts';
import { applyPostChanged } from '../src/modules/projection/post-projection.repository.ts';
import { DEFAULT_CHECK_INTERVALS } from '../src/modules/scheduling/check-intervals.ts';
import { createHostPoliteness } from '../src/modules/scheduling/host-politeness.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from './helpers/fake-retailer.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { insertLink, insertPost, nextCheckOf, setNextCheck } from './helpers/link-health-rows.ts';
import { postEvent } from './helpers/link-world.ts';
import { htmlPage, productJsonLd } from './helpers/product-pages.ts';
import { workerConnections } from './helpers/worker-connections.ts';

const BASE = '/api/admin/link-validation';
const HOSTS = ['shop-a.test', 'shop-b.test'];
const DAY_MS = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let h: Harness;
let token: string;
let farm: FakeRetailer;
let worker: LinkValidationWorker | undefined;
const connections: Redis[] = [];
/** The catalog's post with two links to shop-a (one page answers, the other does not exist). */
let postId: string;
let workingLink: string;
let missingLink: string;
/** A post whose one link is at shop-b. */
let otherPostId: string;
let otherLink: string;

const inStock = htmlPage({
  head: productJsonLd({ availability: 'InStock', price: '120.00', priceCurrency: 'USD' }),
});

const admin = (method: 'GET' | 'POST', url: string, authorization: string | null = `Bearer ${token}`) =>
  h.app.inject({ method, url, headers: authorization ? { authorization } : {} });
type DetailsLink = {
  linkId: string;
  linkStatus: string;
  lastChecked: string | null;
  httpStatus: number | null;
  validationCount: number;
  nextCheckDate: string | null;
};
const detailsOf = async (post: string) =>
  (await admin('GET', `${BASE}/posts/${post}/links`)).json().links as DetailsLink[];
const linkDetails = async (post: string, linkId: string) =>
  (await detailsOf(post)).find((link) => link.linkId === linkId)!;
const requestsFor = (host: string, path: string) =>
  farm.requests.filter((r) => r === `${host} ${path}`).length;

function startWorker(): Promise<LinkValidationWorker> {
  return startLinkValidationWorker({
    db: h.db,
    ...workerConnections(h.redisUrl, connections),
    prefix: h.keyPrefix,
    checker: createLinkChecker({ pins: farm.pins(...HOSTS), resolve: testResolver(), timeoutMs: 10_000 }),
    log: silent,
    concurrency: 2,
    politeness: { maxInFlight: 1, minIntervalMs: 0, leaseMs: 30_000 },
    intervals: { ...DEFAULT_CHECK_INTERVALS, jitter: 0 },
    sweepEveryMs: 60_000,
    // No due-link sweep runs: whatever gets checked here was asked for.
    schedule: false,
  });
}

/** Marks a link checked yesterday with its next check days away. */
async function checkedYesterday(linkId: string, status: string) {
  await h.db
    .updateTable('link_validation.links')
    .set({
      link_status: status,
      validation_count: 1,
      last_checked: new Date(Date.now() - DAY_MS),
    })
    .where('id', '=', linkId)
    .execute();
  await setNextCheck(h.db, new Date(Date.now() + 3 * DAY_MS), (links) => links.where('id', '=', linkId));
}

beforeAll(async () => {
  h = await startHarness('check-now');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });
  farm = await startFakeRetailer();
  farm.page('shop-a.test', '/p/1', inStock);
  farm.page('shop-b.test', '/p/9', inStock);

  const event = postEvent({
    version: 1,
    links: [{ url: farm.url('shop-a.test', '/p/1') }, { url: farm.url('shop-a.test', '/p/404') }],
  });
  await applyPostChanged(h.db, event);
  postId = event.postId;
  [workingLink, missingLink] = event.post!.links.map((link) => link._id) as [string, string];
  await checkedYesterday(workingLink, '404');
  await checkedYesterday(missingLink, '404');

  const other = postEvent({ version: 1, links: [{ url: farm.url('shop-b.test', '/p/9') }] });
  await applyPostChanged(h.db, other);
  otherPostId = other.postId;
  otherLink = other.post!.links[0]!._id;
  await checkedYesterday(otherLink, 'active');
});
afterAll(async () => {
  await worker?.close();
  for (const connection of connections) connection.disconnect();
  await farm?.close();
  await h?.close();
});

describe('POST /links/{linkId}/check and /posts/{postId}/check', () => {
  it('queues a post’s links once however often it is asked, until they are checked', async () => {
    const first = await admin('POST', `${BASE}/posts/${postId}/check`);
    expect(first.statusCode).toBe(202);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = first.json();
    expect(answer).toEqual({ queued: 2, requestedAt: expect.any(String) });
    expect(Math.abs(Date.parse(answer.requestedAt) - Date.now())).toBeLessThan(5_000);
    // Repeated clicks, by post or by link, while the checks wait: nothing more is queued.
    expect((await admin('POST', `${BASE}/posts/${postId}/check`)).json().queued).toBe(0);
    const again = await admin('POST', `${BASE}/links/${workingLink}/check`);
    expect(again.statusCode).toBe(202);
    expect(again.json().queued).toBe(0);
    // Nothing was checked: no worker runs yet.
    expect(farm.requests).toHaveLength(0);
    expect((await linkDetails(postId, workingLink)).validationCount).toBe(1);
  });

  it('checks a link whose next check was days away within seconds, and the details show the result', async () => {
    const requestedAt = Date.now();
    worker = await startWorker();
    await expect
      .poll(
        async () =>
          (await detailsOf(postId)).every(
            (link) => link.lastChecked !== null && Date.parse(link.lastChecked) > requestedAt,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    const working = await linkDetails(postId, workingLink);
    // It said 404 yesterday; the page answers now, and a repaired link shows at once.
    expect(working).toMatchObject({ linkStatus: 'active', httpStatus: 200, validationCount: 2 });
    expect(Date.parse(working.nextCheckDate!) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect(await linkDetails(postId, missingLink)).toMatchObject({ linkStatus: '404', httpStatus: 404 });
    // Each asked-for link was fetched once, the other post's link not at all.
    expect(requestsFor('shop-a.test', '/p/1')).toBe(1);
    expect(requestsFor('shop-a.test', '/p/404')).toBe(1);
    expect(requestsFor('shop-b.test', '/p/9')).toBe(0);
    expect((await linkDetails(otherPostId, otherLink)).validationCount).toBe(1);
    // Today's link health counts the new verdicts.
    const today = (await admin('GET', `${BASE}/history?days=1`)).json().days[0];
    expect(today).toMatchObject({ active: 1, broken: 1 });
  });

  it('queues a link again once its check is done', async () => {
    const answer = await admin('POST', `${BASE}/links/${workingLink}/check`);
    expect(answer.json().queued).toBe(1);
    const requestedAt = Date.parse(answer.json().requestedAt);
    await expect
      .poll(async () => Date.parse((await linkDetails(postId, workingLink)).lastChecked!) > requestedAt, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(true);
    expect(requestsFor('shop-a.test', '/p/1')).toBe(2);
    expect((await linkDetails(postId, workingLink)).validationCount).toBe(3);
  });

  it('waits for a retailer that asked us to hold back', async () => {
    const politeness = createHostPoliteness(h.redis, h.keyPrefix, {
      maxInFlight: 1,
      minIntervalMs: 0,
      leaseMs: 30_000,
    });
    const pausedUntil = Date.now() + 2_500;
    await politeness.pause(registrableDomain('shop-b.test'), 2_500);
    const answer = await admin('POST', `${BASE}/links/${otherLink}/check`);
    expect(answer.json().queued).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(requestsFor('shop-b.test', '/p/9')).toBe(0);
    await expect
      .poll(async () => (await linkDetails(otherPostId, otherLink)).validationCount, { timeout: 10_000 })
      .toBe(2);
    expect(requestsFor('shop-b.test', '/p/9')).toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(pausedUntil - 100);
  });

  it('answers 404 for an unknown link or post and for a deleted post’s link, changing nothing', async () => {
    const deletedPost = await insertPost(h.db, { deleted: true });
    const deletedLink = await insertLink(h.db, deletedPost, 0, {
      next_check_at: new Date(Date.now() + DAY_MS),
    });
    const before = await h.db.selectFrom('link_validation.links').selectAll().orderBy('id').execute();
    for (const [url, message] of [
      [`${BASE}/links/${randomUUID()}/check`, 'Link not found'],
      [`${BASE}/links/${deletedLink}/check`, 'Link not found'],
      [`${BASE}/posts/${randomUUID()}/check`, 'Post not found'],
      [`${BASE}/posts/${deletedPost}/check`, 'Post not found'],
    ] as const) {
      const answer = await admin('POST', url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, message });
    }
    expect(await h.db.selectFrom('link_validation.links').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('answers 202 with nothing queued for a live post without links', async () => {
    const emptyPost = await insertPost(h.db);
    const answer = await admin('POST', `${BASE}/posts/${emptyPost}/check`);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ queued: 0, requestedAt: expect.any(String) });
  });

  it('answers 400 for an id that is not a UUID and 401 without an admin token', async () => {
    for (const url of [
      `${BASE}/links/42/check`,
      `${BASE}/links/${workingLink.replaceAll('-', '')}/check`,
      `${BASE}/posts/not-a-post/check`,
      `${BASE}/posts/{${postId}}/check`,
    ]) {
      const answer = await admin('POST', url);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/^params\.(linkId|postId) must (match format "uuid"|be a UUID)$/);
    }
    const checks = (await linkDetails(postId, workingLink)).validationCount;
    expect((await admin('POST', `${BASE}/links/${workingLink}/check`, null)).statusCode).toBe(401);
    expect((await admin('POST', `${BASE}/posts/${postId}/check`, 'Bearer nope')).statusCode).toBe(401);
    expect((await nextCheckOf(h.db, workingLink)).getTime()).toBeGreaterThan(Date.now() + DAY_MS / 2);
    expect((await linkDetails(postId, workingLink)).validationCount).toBe(checks);
  });
});

describe('queueCheckNow', () => {
  it('queues a link again when its job of the same id failed for good, and not while it waits', async () => {
    // A prefix of its own: the worker above drains the app's check-now queue.
    const prefix = `${h.keyPrefix}-replace`;
    const queue = createCheckNowQueue(h.redis, prefix);
    const connection = new Redis(h.redisUrl, { maxRetriesPerRequest: null });
    connections.push(connection);
    const taker = new Worker(CHECK_NOW_QUEUE, undefined, { connection, prefix, autorun: false });
    try {
      const linkId = randomUUID();
      const dueMs = Date.now() - 60_000;
      expect(await queueCheckNow(queue, linkId, dueMs)).toBe(true);
      expect(await queueCheckNow(queue, linkId, dueMs)).toBe(false);
      // Its attempts run out (the database was down): the job is failed, the link still due then.
      const job = (await taker.getNextJob('taker'))!;
      expect(job.data).toEqual({ linkId, dueMs });
      await job.moveToFailed(new UnrecoverableError('database down'), 'taker', false);
      expect(await queue.getJobState(job.id!)).toBe('failed');

      expect(await queueCheckNow(queue, linkId, dueMs)).toBe(true);
      expect(await queue.getJobState(job.id!)).toBe('waiting');
      expect(await queueCheckNow(queue, linkId, dueMs)).toBe(false);
    } finally {
      await taker.close();
      await queue.close();
    }
  });
});
