import { QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLinkValidationWorker,
  type LinkValidationWorker,
} from '../../src/modules/check-jobs/link-validation-worker.ts';
import { createLinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { createHostPoliteness } from '../../src/modules/scheduling/host-politeness.ts';
import { linksOfJob, type LinkCheckJobData } from '../../src/modules/scheduling/link-check-queues.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { setNextCheck } from '../helpers/link-health-rows.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';
import { workerConnections } from '../helpers/worker-connections.ts';

const POLITENESS = { maxInFlight: 1, minIntervalMs: 0, leaseMs: 30_000 };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let world: LinkWorld;
let farm: FakeRetailer;
let worker: LinkValidationWorker;
const connections: Redis[] = [];

beforeAll(async () => {
  world = await startLinkWorld('check_concurrency');
  farm = await startFakeRetailer();
  const page = htmlPage({
    head: productJsonLd({ availability: 'InStock', price: '20.00', priceCurrency: 'USD' }),
  });
  for (const host of ['busy.test', 'free.test']) farm.page(host, '/p/0', page);
  worker = await startLinkValidationWorker({
    db: world.db,
    ...workerConnections(world.redis.url, connections),
    prefix: world.redis.prefix,
    checker: createLinkChecker({ pins: farm.pins('busy.test', 'free.test'), resolve: testResolver() }),
    log: silent,
    concurrency: 1,
    politeness: POLITENESS,
    sweepEveryMs: 60_000,
    schedule: false,
  });
});
afterAll(async () => {
  await worker.close();
  for (const connection of connections) connection.disconnect();
  await farm.close();
  await world.close();
});

const validations = async (url: string) =>
  (
    await world.db
      .selectFrom('link_validation.links')
      .select('validation_count')
      .where('original_url', '=', url)
      .executeTakeFirstOrThrow()
  ).validation_count;

describe('the concurrency of a worker process', () => {
  it("is not held by a link waiting for its retailer's slot: a link of another retailer is checked meanwhile", async () => {
    const busy = farm.url('busy.test', '/p/0');
    const free = farm.url('free.test', '/p/0');
    await applyPostChanged(world.db, postEvent({ version: 1, links: [{ url: busy }, { url: free }] }));
    // The busy retailer's link is the older due one: it comes first in the job and asks first.
    await setNextCheck(world.db, new Date(Date.now() - 60_000), (links) =>
      links.where('original_url', '=', busy),
    );
    // Another process holds the busy retailer's only slot.
    const redis = new Redis(world.redis.url);
    connections.push(redis);
    const otherProcess = createHostPoliteness(redis, world.redis.prefix, POLITENESS);
    expect(await otherProcess.acquire('busy.test', 'another-process')).toBe(0);

    expect(await worker.enqueueDue()).toBe(2);
    await expect.poll(() => validations(free), { timeout: 15_000 }).toBe(1);
    expect(await validations(busy)).toBe(0);
    expect(farm.requests.filter((request) => request.startsWith('busy.test '))).toEqual([]);

    await otherProcess.release('busy.test', 'another-process');
    await expect.poll(() => validations(busy), { timeout: 15_000 }).toBe(1);
    // Both were checked in one run of their job: the waiting link never gave its job back.
    const queue = new Queue<LinkCheckJobData>(QueueName.linkChecks, {
      connection: redis,
      prefix: world.redis.prefix,
    });
    try {
      await expect.poll(async () => (await queue.getJobs(['completed'])).length).toBe(1);
      const [job] = await queue.getJobs(['completed']);
      expect(linksOfJob(job!.data)).toHaveLength(2);
      expect(job!.returnvalue).toEqual({ checked: 2, notDue: 0, gone: 0 });
    } finally {
      await queue.close();
    }
  });
});
