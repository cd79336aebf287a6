import {
  createAuditEventsQueue,
  createProducerConnection,
  createWorkerConnection,
  publishAuditEvents,
  QueueName,
  type PostChangedEvent,
} from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { createShowEnrichmentQueue } from '../src/lib/show-enrichment-queue.ts';
import { catalogAuditOutbox } from '../src/modules/audit/catalog-audit.ts';
import { startMaintenanceWorker } from '../src/modules/maintenance/maintenance.worker.ts';
import { moderatePosts } from '../src/modules/admin-posts/post-moderation.service.ts';
import {
  createPostEventsQueue,
  publishOutboxEvents,
} from '../src/modules/post-events/post-events.publisher.ts';
import { seed } from '../src/seed/seed-catalog.ts';
import { addPosts } from './helpers/post-fixtures.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';
import { waitFor } from '@celebstyle/service-kit/testing';

let t: AdminTestCatalog;
let queue: Queue<PostChangedEvent>;
let connection: Redis;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await startAdminTestCatalog('post_events');
  connection = createWorkerConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  queue = new Queue<PostChangedEvent>(QueueName.postEvents, { connection, prefix: t.keyPrefix });
});
afterAll(async () => {
  await queue?.close();
  await connection?.quit();
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('posts').execute();
  await t.db.deleteFrom('post_events_outbox').execute();
  await queue.obliterate({ force: true });
});

const outbox = () =>
  t.db.selectFrom('post_events_outbox').selectAll().orderBy('created_at').orderBy('id').execute();
const jobs = () => queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);

async function closedRedis(): Promise<Redis> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const redis = createProducerConnection(`redis://127.0.0.1:${port}`, {
    lazyConnect: true,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  return redis;
}

describe('post-changed events on the post-events queue', () => {
  it('publishes a write’s event right after the commit, with the outbox row id as job id', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending', links: ['Boots $99'] }]);
    await t.admin('PUT', `/api/admin/posts/${id}/approve`);
    const [row] = await outbox();
    expect(row!.published_at).not.toBeNull();
    const all = await jobs();
    expect(all).toHaveLength(1);
    expect(all[0]!.id).toBe(row!.id);
    expect(all[0]!.name).toBe('post-changed');
    const event = all[0]!.data;
    expect(event).toEqual(row!.payload);
    expect(event).toMatchObject({ kind: 'status-changed', postId: id, post: { status: 'approved' } });
    expect(Object.keys(event).sort()).toEqual(['kind', 'occurredAt', 'post', 'postId', 'version']);
    expect(Object.keys(event.post!).sort()).toEqual(
      [
        'brand',
        'celebrity',
        'createdAt',
        'enhancedImage',
        'links',
        'mainImage',
        'platform',
        'productType',
        'show',
        'status',
        'title',
      ].sort(),
    );
    expect(event.post!.links[0]).toEqual({
      _id: expect.any(String),
      text: 'Boots $99',
      url: 'https://shop.example/0',
      realUrl: null,
      position: 0,
    });
  });

  it('keeps the change and its event when Redis is down, and the sweep publishes it later', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending' }]);
    const down = await closedRedis();
    const downQueue = createPostEventsQueue(down, t.keyPrefix);
    downQueue.on('error', () => {});
    const showEnrichment = createShowEnrichmentQueue(down, t.keyPrefix);
    showEnrichment.on('error', () => {});
    const auditEvents = createAuditEventsQueue(down, t.keyPrefix);
    auditEvents.on('error', () => {});
    const ctx = {
      db: t.db,
      redis: down,
      keys: catalogKeys(t.keyPrefix),
      postEvents: downQueue,
      showEnrichment,
      auditEvents,
    };
    const answer = await moderatePosts(ctx, silent, 'reject', [id!], {
      actor: { id: 'a1', username: 'alice' },
      rejectionReason: 'Bad photo',
    });
    expect(answer.done).toBe(1);
    const [row] = await outbox();
    expect(row).toMatchObject({ post_id: id, kind: 'status-changed', published_at: null });
    expect(await jobs()).toHaveLength(0);

    expect(await publishOutboxEvents(t.db, createPostEventsQueue(connection, t.keyPrefix))).toBe(1);
    const all = await jobs();
    expect(all.map((j) => j.id)).toEqual([row!.id]);
    expect(all[0]!.data.post).toMatchObject({ status: 'rejected' });

    // its audit entry waited in the audit outbox too, and the same sweep carries it
    const unpublishedAudit = async () =>
      (
        await sql<{ id: string; payload: unknown }>`select id, payload from audit_outbox
          where published_at is null order by created_at`.execute(t.db)
      ).rows;
    const waiting = await unpublishedAudit();
    expect(waiting.map((r) => r.payload)).toMatchObject([{ action: 'post.reject', targetId: id }]);
    const audit = createAuditEventsQueue(connection, t.keyPrefix);
    expect(await publishAuditEvents(catalogAuditOutbox.source(t.db), audit)).toBe(1);
    expect((await audit.getJob(waiting[0]!.id))?.data).toEqual(waiting[0]!.payload);
    expect(await unpublishedAudit()).toEqual([]);
    await audit.close();
    await auditEvents.close().catch(() => {});
    await downQueue.close().catch(() => {});
    await showEnrichment.close().catch(() => {});
    down.disconnect();
  });

  it('publishes a row twice as one job (deterministic job id)', async () => {
    const [id] = await addPosts(t.db, [{ status: 'pending' }]);
    await t.admin('PUT', `/api/admin/posts/${id}/hide`);
    await t.db.updateTable('post_events_outbox').set({ published_at: null }).execute();
    expect(await publishOutboxEvents(t.db, createPostEventsQueue(connection, t.keyPrefix))).toBe(1);
    expect(await jobs()).toHaveLength(1);
  });

  it('announces every seeded post with its links through the worker’s sweep', async () => {
    await seed(t.db, { posts: 40, reset: true });
    const rows = await outbox();
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.kind === 'created' && r.published_at === null)).toBe(true);
    const maintenance = await startMaintenanceWorker({
      db: t.db,
      connection,
      redis: t.redis,
      keys: catalogKeys(t.keyPrefix),
      prefix: t.keyPrefix,
      flushEveryMs: 60_000,
      postEventsSweepMs: 300,
      log: silent,
    });
    try {
      await waitFor(async () => (await jobs()).length >= 40, { timeoutMs: 15_000, intervalMs: 200 });
    } finally {
      await maintenance.close();
    }
    const published = await jobs();
    expect(published).toHaveLength(40);
    const links = await t.db.selectFrom('affiliate_links').select(['id', 'post_id']).execute();
    const announced = published.flatMap((job) =>
      job.data.post!.links.map((l) => `${job.data.postId}/${l._id}`),
    );
    expect(announced.sort()).toEqual(links.map((l) => `${l.post_id}/${l.id}`).sort());
    expect((await outbox()).every((r) => r.published_at !== null)).toBe(true);

    // Reseeding announces the replaced posts as deleted before the new ones as created.
    await seed(t.db, { posts: 5, seed: 7, reset: true });
    const kinds = (await outbox()).filter((r) => r.published_at === null).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'deleted')).toHaveLength(40);
    expect(kinds.filter((k) => k === 'created')).toHaveLength(5);
  });
});
