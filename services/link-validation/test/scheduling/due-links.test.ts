import { QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPinnedUrl, parsePins } from '../../src/modules/link-check-engine/host-pins.ts';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { enqueueDueLinks } from '../../src/modules/scheduling/due-links.ts';
import { linksOfJob, type LinkCheckJobData } from '../../src/modules/scheduling/link-check-queues.ts';
import { createQueuedLinks, type QueuedLinks } from '../../src/modules/scheduling/queued-links.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { setNextCheck } from '../helpers/link-health-rows.ts';

let world: LinkWorld;
let connection: Redis;
let queue: Queue<LinkCheckJobData>;
let queued: QueuedLinks;

beforeAll(async () => {
  world = await startLinkWorld('due_links');
  connection = new Redis(world.redis.url, { maxRetriesPerRequest: null });
  queue = new Queue<LinkCheckJobData>(QueueName.linkChecks, { connection, prefix: world.redis.prefix });
  queued = createQueuedLinks(connection, world.redis.prefix);
  for (let index = 0; index < 25; index += 1) {
    await applyPostChanged(
      world.db,
      postEvent({
        version: 1_000 + index,
        links: [
          { url: `http://www.shop${index}.demo.localhost:3005/p/${index}` },
          { url: `https://www.retailer.example/p/${index}` },
        ],
      }),
    );
  }
  await setNextCheck(world.db, new Date(Date.now() + 3_600_000), (links) =>
    links.where('original_url', 'like', '%/p/24'),
  );
});
afterAll(async () => {
  await queue.close();
  connection.disconnect();
  await world.close();
});

const queuedLinkIds = async () =>
  (await queue.getJobs(['waiting', 'delayed'])).flatMap((job) =>
    linksOfJob(job.data).map((link) => link.linkId),
  );

describe('enqueueDueLinks', () => {
  it('queues only the links pinned-only mode accepts, several per job, each once', async () => {
    const pins = parsePins('*.demo.localhost:3005:127.0.0.1');
    const limits = {
      batch: 7,
      maxBacklog: 1_000,
      jobSize: 3,
      accept: (url: string) => isPinnedUrl(pins, url),
    };
    expect(await enqueueDueLinks(world.db, queue, queued, limits)).toBe(24);
    expect(await enqueueDueLinks(world.db, queue, queued, limits)).toBe(0);
    const sizes = (await queue.getJobs(['waiting'])).map((job) => linksOfJob(job.data).length);
    expect(Math.max(...sizes)).toBe(3);
    expect(sizes.length).toBeLessThan(24);
    const ids = await queuedLinkIds();
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const urls = await world.db.selectFrom('link_validation.links').select(['id', 'original_url']).execute();
    const queuedUrls = ids.map((id) => urls.find((row) => row.id === id)!.original_url);
    expect(queuedUrls.every((url) => url.includes('.demo.localhost:3005/'))).toBe(true);
  });

  it('queues a link again once the job that held it let it go, and not before', async () => {
    const [job] = await queue.getJobs(['waiting']);
    const links = linksOfJob(job!.data);
    await job!.remove();
    // The 24 due links of retailer.example were never queued (pinned-only above); the job's were.
    expect(
      await enqueueDueLinks(world.db, queue, queued, { batch: 100, maxBacklog: 1_000, jobSize: 5 }),
    ).toBe(24);
    await queued.release(links);
    expect(
      await enqueueDueLinks(world.db, queue, queued, { batch: 100, maxBacklog: 1_000, jobSize: 5 }),
    ).toBe(links.length);
    expect(new Set(await queuedLinkIds()).size).toBe(48);
  });

  it('stops at the backlog limit, counted in links', async () => {
    await queue.obliterate({ force: true });
    const fresh = createQueuedLinks(connection, `${world.redis.prefix}-backlog`);
    expect(await enqueueDueLinks(world.db, queue, fresh, { batch: 10, maxBacklog: 15, jobSize: 4 })).toBe(15);
    expect(await enqueueDueLinks(world.db, queue, fresh, { batch: 10, maxBacklog: 15, jobSize: 4 })).toBe(0);
  });
});
