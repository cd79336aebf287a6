import { QueueName, type LinkHealthChangedEvent } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import {
  startLinkValidationWorker,
  type LinkValidationWorker,
} from '../../src/modules/check-jobs/link-validation-worker.ts';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { DEFAULT_CHECK_INTERVALS } from '../../src/modules/scheduling/check-intervals.ts';
import { linksOfJob, type LinkCheckJobData } from '../../src/modules/scheduling/link-check-queues.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { nextCheckOf, setNextCheck } from '../helpers/link-health-rows.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';
import { workerConnections } from '../helpers/worker-connections.ts';

const HOSTS = ['shop-a.test', 'shop-b.test', 'shop-c.test'];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let world: LinkWorld;
let farm: FakeRetailer;
const connections: Redis[] = [];
const workers: LinkValidationWorker[] = [];
/** What each fake product page answers ('host/path' → status), 200 unless set. */
const statuses = new Map<string, number>();
const setStatus = (path: string, status: number) => statuses.set(path, status);

const inStock = htmlPage({
  head: productJsonLd({ availability: 'InStock', price: '99.00', priceCurrency: 'USD' }),
});

async function startWorker(): Promise<LinkValidationWorker> {
  const worker = await startLinkValidationWorker({
    db: world.db,
    ...workerConnections(world.redis.url, connections),
    prefix: world.redis.prefix,
    checker: createLinkChecker({ pins: farm.pins(...HOSTS), resolve: testResolver(), timeoutMs: 10_000 }),
    log: silent,
    concurrency: 5,
    politeness: { maxInFlight: 2, minIntervalMs: 0, leaseMs: 30_000 },
    intervals: { ...DEFAULT_CHECK_INTERVALS, jitter: 0 },
    sweepEveryMs: 60_000,
    schedule: false,
  });
  workers.push(worker);
  return worker;
}

const linkRow = (url: string) =>
  world.db
    .selectFrom('link_validation.links')
    .selectAll()
    .where('original_url', '=', url)
    .executeTakeFirstOrThrow();
const makeDue = (url: string) =>
  setNextCheck(world.db, new Date(Date.now() - 1_000), (links) => links.where('original_url', '=', url));

beforeAll(async () => {
  world = await startLinkWorld('checks');
  farm = await startFakeRetailer();
  for (const host of HOSTS) {
    for (let index = 0; index < 10; index += 1) {
      farm.on(host, `/p/${index}`, (_request, response) => {
        const status = statuses.get(`${host}/p/${index}`) ?? 200;
        if (status === 429) response.writeHead(429, { 'retry-after': '120' }).end();
        else if (status !== 200)
          response.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>gone</body></html>');
        else response.writeHead(200, { 'content-type': 'text/html' }).end(inStock);
      });
    }
  }
  for (let post = 0; post < 10; post += 1) {
    await applyPostChanged(
      world.db,
      postEvent({
        version: 1_000 + post,
        links: HOSTS.map((host) => ({ url: farm.url(host, `/p/${post}`) })),
      }),
    );
  }
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  for (const connection of connections) connection.disconnect();
  await farm.close();
  await world.close();
});

describe('the link-check worker', () => {
  it('checks every due link once however many schedulers queue them', async () => {
    const [first, second] = [await startWorker(), await startWorker()];
    await Promise.all([first.enqueueDue(), second.enqueueDue(), first.enqueueDue()]);
    await expect
      .poll(
        async () =>
          (
            await world.db
              .selectFrom('link_validation.links')
              .select('id')
              .where('validation_count', '=', 0)
              .execute()
          ).length,
        { timeout: 30_000 },
      )
      .toBe(0);
    await Promise.all([first.enqueueDue(), second.enqueueDue()]);
    const perPath = new Map<string, number>();
    for (const request of farm.requests) perPath.set(request, (perPath.get(request) ?? 0) + 1);
    expect(perPath.size).toBe(30);
    expect([...perPath.values()].every((count) => count === 1)).toBe(true);
    const rows = await world.db.selectFrom('link_validation.links').selectAll().execute();
    expect(
      rows.every(
        (row) => row.link_status === 'active' && row.validation_count === 1 && row.price === '99.00',
      ),
    ).toBe(true);
    const history = await world.db.selectFrom('link_validation.link_checks').select('id').execute();
    expect(history).toHaveLength(30);
  });

  it('publishes link-health-changed events from the outbox', async () => {
    const [worker] = workers;
    const published = await worker!.sweepHealth();
    expect(published).toBe(30);
    const connection = new Redis(world.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue<LinkHealthChangedEvent>(QueueName.linkHealthEvents, {
      connection,
      prefix: world.redis.prefix,
    });
    const alerts = new Queue<LinkHealthChangedEvent>(QueueName.alertLinkHealthEvents, {
      connection,
      prefix: world.redis.prefix,
    });
    try {
      const jobs = await queue.getJobs(['waiting']);
      expect(jobs).toHaveLength(30);
      expect(jobs.every((job) => job.data.status === 'active')).toBe(true);
      // The alerts' own copy carries the offer and the facts an alert e-mail names.
      const copies = await alerts.getJobs(['waiting']);
      expect(copies).toHaveLength(30);
      expect(copies[0]!.data).toMatchObject({
        status: 'active',
        price: 99,
        previous: { status: 'unknown', price: null },
        url: expect.stringContaining('shop-'),
      });
      expect(copies[0]!.data.changed).toEqual(expect.arrayContaining(['status', 'price']));
      expect(await worker!.sweepHealth()).toBe(0);
    } finally {
      await queue.close();
      await alerts.close();
      connection.disconnect();
    }
  });

  it('flips an active link only after two failed checks in a row', async () => {
    const url = farm.url('shop-a.test', '/p/0');
    setStatus('shop-a.test/p/0', 404);
    await makeDue(url);
    await workers[0]!.enqueueDue();
    await expect.poll(async () => (await linkRow(url)).validation_count, { timeout: 15_000 }).toBe(2);
    const afterOne = await linkRow(url);
    expect(afterOne).toMatchObject({ link_status: 'active', strikes: 1, http_status: 404 });
    expect((await nextCheckOf(world.db, afterOne.id)).getTime() - Date.now()).toBeGreaterThan(
      DEFAULT_CHECK_INTERVALS.confirmMs - 60_000,
    );
    await makeDue(url);
    await workers[0]!.enqueueDue();
    await expect.poll(async () => (await linkRow(url)).validation_count, { timeout: 15_000 }).toBe(3);
    expect(await linkRow(url)).toMatchObject({ link_status: '404', strikes: 0 });
    const outbox = await world.db
      .selectFrom('link_validation.health_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .execute();
    expect(outbox.map((row) => (row.payload as LinkHealthChangedEvent).status)).toEqual(['404']);
  });

  it('honours a 429 Retry-After for the link and holds its whole retailer back', async () => {
    const limited = farm.url('shop-b.test', '/p/1');
    const sibling = farm.url('shop-b.test', '/p/2');
    setStatus('shop-b.test/p/1', 429);
    await makeDue(limited);
    await workers[0]!.enqueueDue();
    await expect.poll(async () => (await linkRow(limited)).validation_count, { timeout: 15_000 }).toBe(2);
    const row = await linkRow(limited);
    expect((await nextCheckOf(world.db, row.id)).getTime() - Date.now()).toBeGreaterThan(110_000);
    const before = farm.requests.filter((request) => request.startsWith('shop-b.test /p/2')).length;
    await makeDue(sibling);
    await workers[0]!.enqueueDue();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(farm.requests.filter((request) => request.startsWith('shop-b.test /p/2')).length).toBe(before);
    expect((await linkRow(sibling)).validation_count).toBe(1);
  });

  it('sends back only the links of a job whose retailer holds them back; the others are recorded', async () => {
    // shop-b.test is paused for two minutes (the 429 above); its link shares a job with two others.
    const held = farm.url('shop-b.test', '/p/3');
    const others = [farm.url('shop-a.test', '/p/3'), farm.url('shop-c.test', '/p/3')];
    for (const url of [held, ...others]) await makeDue(url);
    expect(await workers[0]!.enqueueDue()).toBe(3);
    for (const url of others)
      await expect.poll(async () => (await linkRow(url)).validation_count, { timeout: 15_000 }).toBe(2);
    const heldId = (await linkRow(held)).id;
    const connection = new Redis(world.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue<LinkCheckJobData>(QueueName.linkChecks, {
      connection,
      prefix: world.redis.prefix,
    });
    try {
      const heldJob = async () =>
        (await queue.getJobs(['delayed'])).find((job) =>
          linksOfJob(job.data).some((link) => link.linkId === heldId),
        );
      await expect.poll(async () => (await heldJob()) !== undefined, { timeout: 10_000 }).toBe(true);
      const delayed = (await heldJob())!;
      expect(linksOfJob(delayed.data).map((link) => link.linkId)).toEqual([heldId]);
      expect((await linkRow(held)).validation_count).toBe(1);
      // The retailer lets us in again: the job comes back for its held link alone.
      await connection.del(`${world.redis.prefix}:link-host:{shop-b.test}:paused-until`);
      await delayed.promote();
      await expect.poll(async () => (await linkRow(held)).validation_count, { timeout: 15_000 }).toBe(2);
      for (const url of others) expect((await linkRow(url)).validation_count).toBe(2);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});
