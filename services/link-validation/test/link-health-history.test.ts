import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkValidationWorker } from '../src/modules/check-jobs/link-validation-worker.ts';
import { COMPACT_HEALTH_HISTORY_JOB } from '../src/modules/history/link-health-compaction.ts';
import { compactHealthDeltas } from '../src/modules/history/link-health-history.repository.ts';
import { applyPostChanged } from '../src/modules/projection/post-projection.repository.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { insertLink, insertPost } from './helpers/link-health-rows.ts';
import { postEvent } from './helpers/link-world.ts';
import { createMaintenanceQueue } from '../src/modules/scheduling/link-check-queues.ts';
import { workerConnections } from './helpers/worker-connections.ts';

let h: Harness;
let token: string;
const HISTORY = '/api/admin/link-validation/history';
const DAY_MS = 86_400_000;
const now = new Date();
const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** A moment `daysAgo` UTC days before today, at hh:mm:ss.mmm UTC. */
const at = (daysAgo: number, time: string) =>
  new Date(`${new Date(todayMs - daysAgo * DAY_MS).toISOString().slice(0, 10)}T${time}Z`);
const date = (daysAgo: number) => new Date(todayMs - daysAgo * DAY_MS).toISOString().slice(0, 10);

const history = (query = '', authorization: string | null = `Bearer ${token}`) =>
  h.app.inject({
    method: 'GET',
    url: `${HISTORY}${query}`,
    headers: authorization ? { authorization } : {},
  });

async function newLink(created: Date, options: { deleted?: boolean } = {}) {
  const postId = await insertPost(h.db, { deleted: options.deleted ?? false });
  const linkId = await insertLink(h.db, postId, 0, {
    created_at: created,
    link_status: 'unknown',
    last_checked: null,
  });
  return { postId, linkId };
}
async function check(linkId: string, checkedAt: Date, status: string) {
  await h.db
    .insertInto('link_validation.link_checks')
    .values({
      link_id: linkId,
      checked_at: checkedAt,
      link_status: status,
      confidence: 0.9,
      http_status: 200,
    })
    .execute();
}
const day = (
  daysAgo: number,
  counts: { active?: number; broken?: number; soldOut?: number; unknown?: number },
) => {
  const full = { active: 0, broken: 0, soldOut: 0, unknown: 0, ...counts };
  return { date: date(daysAgo), ...full, total: full.active + full.broken + full.soldOut + full.unknown };
};

/**
 * Hand-computed end-of-day groups over the last six days (5 days ago … today):
 *   A: unknown, broken (404 at 23:59:59.999), sold_out (active at 00:00 then sold_out), sold_out, active, active
 *   B: created 3 days ago at 23:30: -, -, unknown, broken, broken, broken
 *   C: created before the window, checks say unknown: unknown throughout
 *   E: checks written out of order: unknown, broken, broken, broken, active, active
 *   D (deleted post), F (post deleted later), G (post row removed), H (link removed): never counted
 */
const EXPECTED = [
  day(5, { unknown: 3 }),
  day(4, { broken: 2, unknown: 1 }),
  day(3, { broken: 1, soldOut: 1, unknown: 2 }),
  day(2, { broken: 2, soldOut: 1, unknown: 1 }),
  day(1, { active: 2, broken: 1, unknown: 1 }),
  day(0, { active: 2, broken: 1, unknown: 1 }),
];

beforeAll(async () => {
  h = await startHarness('link-history');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });

  const a = await newLink(at(5, '10:00:00.000'));
  await check(a.linkId, at(4, '23:59:59.999'), '404');
  await check(a.linkId, at(3, '00:00:00.000'), 'active');
  await check(a.linkId, at(3, '12:00:00.000'), 'sold_out');
  await check(a.linkId, at(1, '08:00:00.000'), 'active');

  const b = await newLink(at(3, '23:30:00.000'));
  await check(b.linkId, at(2, '00:00:01.000'), 'server_error');
  await check(b.linkId, at(1, '09:00:00.000'), 'access_denied');
  await check(b.linkId, at(0, '00:30:00.000'), 'redirect_error');

  const c = await newLink(at(9, '10:00:00.000'));
  await check(c.linkId, at(2, '10:00:00.000'), 'unknown');

  const e = await newLink(at(5, '10:00:00.000'));
  await check(e.linkId, at(1, '10:00:00.000'), 'active');
  await check(e.linkId, at(4, '10:00:00.000'), '404');

  const d = await newLink(at(5, '10:00:00.000'), { deleted: true });
  await check(d.linkId, at(4, '10:00:00.000'), 'active');

  const f = await newLink(at(5, '10:00:00.000'));
  await check(f.linkId, at(4, '10:00:00.000'), 'active');
  await h.db.updateTable('link_validation.posts').set({ deleted: true }).where('id', '=', f.postId).execute();

  const g = await newLink(at(5, '10:00:00.000'));
  await check(g.linkId, at(2, '10:00:00.000'), 'sold_out');
  await h.db.deleteFrom('link_validation.posts').where('id', '=', g.postId).execute();

  // H arrives through the projection and is then dropped from its post by a later event.
  const event = postEvent({ version: 1, links: [{ url: 'https://shop.example/h' }] });
  await applyPostChanged(h.db, event);
  const hLink = event.post!.links[0]!._id;
  await check(hLink, at(0, '00:00:01.000'), 'active');
  await applyPostChanged(h.db, {
    ...event,
    version: 2,
    kind: 'updated',
    post: { ...event.post!, links: [] },
  });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/link-validation/history', () => {
  it('counts each UTC day by the latest check as of its end, without deleted posts or removed links', async () => {
    const answer = await history('?days=6');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ days: EXPECTED });
  });

  it('answers the same figures once the change log is compacted', async () => {
    const before = await h.db.selectFrom('link_validation.link_health_deltas').select('id').execute();
    expect(await compactHealthDeltas(h.db)).toBeGreaterThan(0);
    const after = await h.db.selectFrom('link_validation.link_health_deltas').select('id').execute();
    expect(after.length).toBeLessThan(before.length);
    expect((await history('?days=6')).json()).toEqual({ days: EXPECTED });
  });

  it('rebuilds the same figures from the check history alone', async () => {
    await sql`select link_validation.rebuild_link_health_deltas()`.execute(h.db);
    expect((await history('?days=6')).json()).toEqual({ days: EXPECTED });
  });

  it('folds everything before the window into its first day, and answers 90 days by default', async () => {
    expect((await history('?days=2')).json()).toEqual({ days: EXPECTED.slice(4) });
    expect((await history('?days=1')).json()).toEqual({ days: EXPECTED.slice(5) });
    const days = (await history()).json().days as { date: string; total: number }[];
    expect(days).toHaveLength(90);
    expect(days[0]!.date).toBe(date(89));
    expect(days.slice(-6)).toEqual(EXPECTED);
    // C was created nine days ago; nothing existed before.
    expect(days.find((entry) => entry.date === date(9))!.total).toBe(1);
    expect(days.find((entry) => entry.date === date(10))!.total).toBe(0);
    expect((await history('?days=365')).json().days).toHaveLength(365);
  });

  it('takes a deleted post’s links out of every day and counts them again when the post returns', async () => {
    const { postId, linkId } = await newLink(at(5, '10:00:00.000'));
    await check(linkId, at(3, '10:00:00.000'), 'sold_out');
    // Unknown from its creation five days ago, sold out from three days ago on.
    const withLink = EXPECTED.map((entry, index) =>
      index < 2
        ? { ...entry, unknown: entry.unknown + 1, total: entry.total + 1 }
        : { ...entry, soldOut: entry.soldOut + 1, total: entry.total + 1 },
    );
    expect((await history('?days=6')).json()).toEqual({ days: withLink });
    const setDeleted = (deleted: boolean) =>
      h.db.updateTable('link_validation.posts').set({ deleted }).where('id', '=', postId).execute();
    await setDeleted(true);
    expect((await history('?days=6')).json()).toEqual({ days: EXPECTED });
    await setDeleted(false);
    expect((await history('?days=6')).json()).toEqual({ days: withLink });
    await h.db.deleteFrom('link_validation.posts').where('id', '=', postId).execute();
    expect((await history('?days=6')).json()).toEqual({ days: EXPECTED });
  });

  it('is compacted by the worker’s maintenance job', async () => {
    // Changes not folded yet: this link's and those written since the last fold.
    const { postId, linkId } = await newLink(at(2, '10:00:00.000'));
    await check(linkId, at(1, '10:00:00.000'), 'active');
    await check(linkId, at(0, '00:00:01.000'), '404');
    const withLink = EXPECTED.map((entry, index) =>
      index < 3
        ? entry
        : index === 3
          ? { ...entry, unknown: entry.unknown + 1, total: entry.total + 1 }
          : index === 4
            ? { ...entry, active: entry.active + 1, total: entry.total + 1 }
            : { ...entry, broken: entry.broken + 1, total: entry.total + 1 },
    );
    const logRows = async () =>
      (await h.db.selectFrom('link_validation.link_health_deltas').select('id').execute()).length;
    const before = await logRows();

    const connections: Redis[] = [];
    const worker = await startLinkValidationWorker({
      db: h.db,
      ...workerConnections(h.redisUrl, connections),
      prefix: h.keyPrefix,
      checker: {
        check: () => Promise.reject(new Error('no link is checked here')),
        close: () => Promise.resolve(),
      },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      concurrency: 1,
      politeness: { maxInFlight: 1, minIntervalMs: 0, leaseMs: 30_000 },
      sweepEveryMs: 60_000,
      schedule: false,
    });
    const queue = createMaintenanceQueue(h.redis, h.keyPrefix);
    try {
      const job = await queue.add(COMPACT_HEALTH_HISTORY_JOB, {});
      await expect
        .poll(() => queue.getJobState(job.id!), { timeout: 10_000, interval: 100 })
        .toBe('completed');
      const { returnvalue } = (await queue.getJob(job.id!))!;
      expect(returnvalue).toEqual({ removed: expect.any(Number), maskRowsRemoved: expect.any(Number) });
      expect(returnvalue.removed).toBeGreaterThan(0);
      expect(await logRows()).toBe(before - returnvalue.removed);
      expect((await history('?days=6')).json()).toEqual({ days: withLink });
      await h.db.deleteFrom('link_validation.posts').where('id', '=', postId).execute();
    } finally {
      await queue.close();
      await worker.close();
      for (const connection of connections) connection.disconnect();
    }
  });

  it.each(['0', '366', '-1', 'Infinity', '1e400', '2.5', 'abc', ''])(
    'answers 400 for days=%s',
    async (days) => {
      const answer = await history(`?days=${days}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('days') });
    },
  );

  it('answers 401 without an admin token', async () => {
    expect((await history('?days=6', null)).statusCode).toBe(401);
    expect((await history('?days=6', 'Bearer not-a-token')).statusCode).toBe(401);
  });
});
