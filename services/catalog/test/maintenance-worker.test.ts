import { createWorkerConnection } from '@celebstyle/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import {
  PRUNE_POST_EVENTS,
  startMaintenanceWorker,
  type MaintenanceWorker,
} from '../src/modules/maintenance/maintenance.worker.ts';
import { sql } from 'kysely';
import { addPosts } from './helpers/post-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';
import { waitFor } from '@celebstyle/service-kit/testing';

let t: TestCatalog;
let maintenance: MaintenanceWorker;
let connection: ReturnType<typeof createWorkerConnection>;

beforeAll(async () => {
  t = await startTestCatalog('maintenance');
  connection = createWorkerConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  maintenance = await startMaintenanceWorker({
    db: t.db,
    connection,
    redis: t.redis,
    keys: catalogKeys(t.keyPrefix),
    prefix: t.keyPrefix,
    flushEveryMs: 300,
    postEventsSweepMs: 60_000,
    schedulerCheckEveryMs: 300,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
});
afterAll(async () => {
  await maintenance.close();
  await connection.quit();
  await t.close();
});

describe('catalog maintenance worker', () => {
  it('flushes counted views to PostgreSQL on its schedule', async () => {
    const [id] = await addPosts(t.db, [{ title: 'Viewed' }]);
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'GET', url: `/api/posts/${id}` });
    await waitFor(async () => {
      const row = await t.db
        .selectFrom('posts')
        .select('view_count')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      expect(row.view_count).toBe(4);
    });
    const schedulers = await maintenance.queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual([
      'flush-view-counts',
      'prune-post-events',
      'sweep-post-events',
    ]);
  });

  it('re-creates its schedule when Redis comes back empty, and views counted after still reach PostgreSQL', async () => {
    const [id] = await addPosts(t.db, [{ title: 'Viewed after the flush' }]);
    // Redis loses everything of ours at one moment (a restart without persistence): one script, so
    // the worker's own schedule check cannot put the schedule back half way through the wipe
    const wiped = (await t.redis.eval(
      `local keys = redis.call('keys', ARGV[1])
       for i = 1, #keys, 1000 do redis.call('del', unpack(keys, i, math.min(i + 999, #keys))) end
       return keys`,
      0,
      `${t.keyPrefix}*`,
    )) as string[];
    expect(wiped.filter((key) => key.endsWith(':repeat:flush-view-counts'))).toHaveLength(1);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/posts/${id}` });
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('posts')
              .select('view_count')
              .where('id', '=', id!)
              .executeTakeFirstOrThrow()
          ).view_count,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(3);
    await expect.poll(() => maintenance.queue.getJobScheduler('flush-view-counts')).toBeTruthy();
    await expect.poll(() => maintenance.queue.getJobScheduler('sweep-post-events')).toBeTruthy();
  });

  it('deletes post-changed events published longer ago than the retention, never unpublished ones', async () => {
    const [postId] = await addPosts(t.db, [{ title: 'Outbox retention' }]);
    // Each row's version names it: 1 published 30 days ago, 2 published a day ago, 3 never published.
    const row = (version: number, age: string, published: string | null) =>
      sql`(${postId}, 'updated', ${version}, '{}', now() - ${age}::interval, ${published === null ? null : sql`now() - ${published}::interval`})`;
    await sql`truncate post_events_outbox`.execute(t.db);
    await sql`insert into post_events_outbox (post_id, kind, version, payload, created_at, published_at) values
      ${sql.join([row(1, '30 days', '30 days'), row(2, '1 day', '1 day'), row(3, '30 days', null)])}`.execute(
      t.db,
    );
    await maintenance.queue.add(PRUNE_POST_EVENTS, {});
    // The worker's outbox sweep may publish row 3 meanwhile; what matters is that pruning kept it.
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('post_events_outbox').select('version').orderBy('version').execute()).map(
            (event) => Number(event.version),
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toEqual([2, 3]);
  });
});
