import { randomUUID } from 'node:crypto';
import { QueueName, type PostChangedEvent } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostEventsConsumer } from '../../src/modules/projection/post-events.consumer.ts';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { nextCheckOf, setNextCheck } from '../helpers/link-health-rows.ts';

let world: LinkWorld;
beforeAll(async () => {
  world = await startLinkWorld('projection');
});
afterAll(() => world.close());

const post = (id: string) =>
  world.db.selectFrom('link_validation.posts').selectAll().where('id', '=', id).executeTakeFirst();
const links = (postId: string) =>
  world.db
    .selectFrom('link_validation.links')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('link_index')
    .execute();

describe('the post projection', () => {
  it('stores a created post and its links, each due for a first check', async () => {
    const event = postEvent({
      version: 1_000,
      links: [{ url: 'https://shop.test/a' }, { url: 'https://shop.test/b' }],
    });
    expect(await applyPostChanged(world.db, event)).toBe('applied');
    expect(await post(event.postId)).toMatchObject({
      title: 'Silk Midi Dress',
      status: 'approved',
      version: 1000,
      deleted: false,
    });
    const rows = await links(event.postId);
    expect(
      rows.map((row) => [row.link_index, row.original_url, row.link_status, row.validation_count]),
    ).toEqual([
      [0, 'https://shop.test/a', 'unknown', 0],
      [1, 'https://shop.test/b', 'unknown', 0],
    ]);
    expect((await nextCheckOf(world.db, rows[0]!.id)).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('ignores an event older than what it holds, and the same event twice', async () => {
    const postId = randomUUID();
    const linkId = randomUUID();
    const newer = postEvent({
      postId,
      version: 2_000,
      title: 'Newer',
      links: [{ id: linkId, url: 'https://shop.test/new' }],
    });
    const older = postEvent({
      postId,
      version: 1_500,
      title: 'Older',
      links: [{ id: linkId, url: 'https://shop.test/old' }],
    });
    await applyPostChanged(world.db, newer);
    expect(await applyPostChanged(world.db, older)).toBe('stale');
    expect(await applyPostChanged(world.db, newer)).toBe('stale');
    expect(await post(postId)).toMatchObject({ title: 'Newer' });
    expect((await links(postId)).map((row) => row.original_url)).toEqual(['https://shop.test/new']);
  });

  it('keeps a deleted post deleted when an older event arrives late', async () => {
    const postId = randomUUID();
    await applyPostChanged(
      world.db,
      postEvent({ postId, version: 1_000, links: [{ url: 'https://shop.test/x' }] }),
    );
    await applyPostChanged(world.db, postEvent({ postId, version: 3_000, kind: 'deleted' }));
    expect(
      await applyPostChanged(
        world.db,
        postEvent({ postId, version: 2_000, kind: 'updated', links: [{ url: 'https://shop.test/x' }] }),
      ),
    ).toBe('stale');
    expect(await post(postId)).toMatchObject({ deleted: true });
    expect(await links(postId)).toEqual([]);
  });

  it('keeps the verdict of an unchanged link, restarts a link whose address changed, drops links no longer sent', async () => {
    const postId = randomUUID();
    const [kept, moved, dropped] = [randomUUID(), randomUUID(), randomUUID()];
    await applyPostChanged(
      world.db,
      postEvent({
        postId,
        version: 1_000,
        links: [
          { id: kept, url: 'https://shop.test/kept' },
          { id: moved, url: 'https://shop.test/before' },
          { id: dropped, url: 'https://shop.test/dropped' },
        ],
      }),
    );
    const later = new Date(Date.now() + 86_400_000);
    await world.db
      .updateTable('link_validation.links')
      .set({ link_status: 'active', validation_count: 3 })
      .where('post_id', '=', postId)
      .execute();
    await setNextCheck(world.db, later, (links) => links.where('post_id', '=', postId));
    await applyPostChanged(
      world.db,
      postEvent({
        postId,
        version: 2_000,
        kind: 'updated',
        links: [
          { id: kept, url: 'https://shop.test/kept', text: 'Buy' },
          { id: moved, url: 'https://shop.test/after' },
        ],
      }),
    );
    const rows = await links(postId);
    expect(rows.map((row) => [row.id, row.link_text, row.link_status, row.validation_count])).toEqual([
      [kept, 'Buy', 'active', 3],
      [moved, 'Shop Now', 'unknown', 0],
    ]);
    expect((await nextCheckOf(world.db, kept)).getTime()).toBe(later.getTime());
    expect((await nextCheckOf(world.db, moved)).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('converges whatever order the events of many posts arrive in', async () => {
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const events: PostChangedEvent[] = ids.flatMap((postId) =>
      [1, 2, 3].map((step) =>
        postEvent({
          postId,
          version: step * 1_000,
          title: `v${step}`,
          links: [{ url: `https://shop.test/${postId}/${step}` }],
        }),
      ),
    );
    events.sort(() => Math.random() - 0.5);
    await Promise.all(events.map((event) => applyPostChanged(world.db, event)));
    for (const postId of ids) {
      expect((await post(postId))?.title).toBe('v3');
      expect((await links(postId)).map((row) => row.original_url)).toEqual([`https://shop.test/${postId}/3`]);
    }
  });
});

describe('the post-events consumer', () => {
  it('applies events from the catalog queue, and events queued while it was down once it starts', async () => {
    const connection = new Redis(world.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue<PostChangedEvent>(QueueName.postEvents, {
      connection,
      prefix: world.redis.prefix,
    });
    const backlog = Array.from({ length: 30 }, (_, index) =>
      postEvent({ version: 5_000 + index, links: [{ url: `https://shop.test/q/${index}` }] }),
    );
    await queue.addBulk(backlog.map((event) => ({ name: 'post-changed', data: event })));
    await queue.add('post-changed', { nonsense: true } as unknown as PostChangedEvent);
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const consumer = startPostEventsConsumer({
      db: world.db,
      connection: new Redis(world.redis.url, { maxRetriesPerRequest: null }),
      prefix: world.redis.prefix,
      log: silent,
    });
    try {
      await expect
        .poll(async () => await queue.getJobCounts('completed', 'failed'), { timeout: 15_000 })
        .toEqual({ completed: 30, failed: 1 });
      for (const event of backlog) expect(await links(event.postId)).toHaveLength(1);
    } finally {
      await consumer.close();
      await queue.close();
      connection.disconnect();
    }
  });
});
