import { QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPinnedUrl, parsePins } from '../../src/modules/checker/host-pins.ts';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { enqueueDueLinks } from '../../src/modules/scheduling/due-links.ts';
import type { CheckLinkJob } from '../../src/modules/scheduling/link-check-queues.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';

let world: LinkWorld;
let connection: Redis;
let queue: Queue<CheckLinkJob>;

beforeAll(async () => {
  world = await startLinkWorld('due_links');
  connection = new Redis(world.redis.url, { maxRetriesPerRequest: null });
  queue = new Queue<CheckLinkJob>(QueueName.linkChecks, { connection, prefix: world.redis.prefix });
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
  await world.db
    .updateTable('link_validation.links')
    .set({ next_check_at: new Date(Date.now() + 3_600_000) })
    .where('original_url', 'like', '%/p/24')
    .execute();
});
afterAll(async () => {
  await queue.close();
  connection.disconnect();
  await world.close();
});

describe('enqueueDueLinks', () => {
  it('queues only the links pinned-only mode accepts, in batches, each once', async () => {
    const pins = parsePins('*.demo.localhost:3005:127.0.0.1');
    const limits = { batch: 7, maxBacklog: 1_000, accept: (url: string) => isPinnedUrl(pins, url) };
    expect(await enqueueDueLinks(world.db, queue, limits)).toBe(24);
    expect(await enqueueDueLinks(world.db, queue, limits)).toBe(24);
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs).toHaveLength(24);
    const urls = await world.db.selectFrom('link_validation.links').select(['id', 'original_url']).execute();
    const queuedUrls = jobs.map((job) => urls.find((row) => row.id === job.data.linkId)!.original_url);
    expect(queuedUrls.every((url) => url.includes('.demo.localhost:3005/'))).toBe(true);
  });

  it('stops at the backlog limit', async () => {
    await queue.obliterate({ force: true });
    expect(await enqueueDueLinks(world.db, queue, { batch: 10, maxBacklog: 15 })).toBe(15);
    expect(await enqueueDueLinks(world.db, queue, { batch: 10, maxBacklog: 15 })).toBe(0);
  });
});
