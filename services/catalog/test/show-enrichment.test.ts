import type { AdminShow } from '@celebstyle/contracts';
import { createWorkerConnection } from '@celebstyle/queue';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogKeys } from '../src/lib/redis-keys.ts';
import { htmlToText } from '../src/modules/enrichment/html-text.ts';
import { startShowEnrichmentWorker } from '../src/modules/enrichment/show-enrichment.worker.ts';
import { startFakeTvmaze, tvmazeShow, type FakeTvmaze } from './helpers/fake-tvmaze.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';
import { waitFor } from '@celebstyle/service-kit/testing';

let t: AdminTestCatalog;
let tvmaze: FakeTvmaze;
let connection: Redis;
let worker: Worker;
/** The worker's reports of finished jobs ('show enrichment done'), to wait for a job's end. */
const finished: { showId?: string; outcome?: string }[] = [];
const log = {
  info: (entry: object) => void finished.push(entry as (typeof finished)[number]),
  warn: () => {},
  error: () => {},
};
const MAX_CALLS = 4;
const WINDOW_MS = 1000;

beforeAll(async () => {
  t = await startAdminTestCatalog('show_enrichment');
  tvmaze = await startFakeTvmaze();
  connection = createWorkerConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  worker = startReplica(connection);
});
const startReplica = (workerConnection: Redis) =>
  startShowEnrichmentWorker({
    db: t.db,
    connection: workerConnection,
    redis: t.redis,
    keys: catalogKeys(t.keyPrefix),
    prefix: t.keyPrefix,
    tvmazeBaseUrl: tvmaze.baseUrl,
    maxCalls: MAX_CALLS,
    windowMs: WINDOW_MS,
    log,
  });
afterAll(async () => {
  await worker?.close();
  await connection?.quit();
  await tvmaze?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('shows').execute();
  tvmaze.calls.length = 0;
  tvmaze.rateLimitNext = 0;
  tvmaze.shows.clear();
});

/** Reads until `done` holds for what it read, and answers that. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const value = await waitFor(
    async () => {
      const latest = await read();
      return done(latest) ? { read: latest } : false;
    },
    { timeoutMs: ms, intervalMs: 100 },
  );
  return value.read;
}
const showRow = (name: string) =>
  t.db.selectFrom('shows').selectAll().where('name', '=', name).executeTakeFirst();
const importShow = (show: string, n = 1) =>
  t.admin('POST', '/api/admin/posts/import', [
    {
      url: `https://wornontv.net/${show.length}-${n}-${Date.now()}/`,
      title: 'Look',
      celebrity: 'Kyle Richards',
      show,
      brand: 'Zara',
      productType: 'Dress',
      platform: 'wornontv',
    },
  ]);

describe('htmlToText (TVmaze summaries)', () => {
  it('drops tags, scripts and styles and decodes entities', () => {
    expect(
      htmlToText(
        '<p>The <b>best</b> show &amp; more&nbsp;&lt;3</p><script>alert(1)</script><style>p{}</style>',
      ),
    ).toBe('The best show & more <3');
    expect(htmlToText('<p>One</p><p>Two<br>Three</p>')).toBe('One Two Three');
    expect(htmlToText('<img src=x onerror=alert(1)>')).toBe('');
  });
});

describe('show enrichment from TVmaze', () => {
  it('fills a show created by an import: network, status, genres, summary, images, premiered and cast', async () => {
    tvmaze.shows.set('summer house', tvmazeShow(101, 'Summer House'));
    expect((await importShow('Summer House')).json()).toMatchObject({ showsCreated: 1 });
    const show = await until(
      () => showRow('Summer House'),
      (row) => row?.tvmaze_id === 101,
    );
    expect(show).toMatchObject({
      tvmaze_id: 101,
      network: 'Bravo',
      status: 'Running',
      genres: ['Reality', 'Drama'],
      summary: 'The women of Beverly Hills & their friends.',
      original_image: 'https://static.tvmaze.example/o/101.jpg',
      medium_image: 'https://static.tvmaze.example/m/101.jpg',
    });
    expect(show!.premiered).toEqual(new Date('2010-10-14T00:00:00Z'));
    const cast = await t.db
      .selectFrom('show_cast')
      .select(['name', 'image_original', 'position'])
      .where('show_id', '=', show!.id)
      .orderBy('position')
      .execute();
    expect(cast).toEqual([
      { name: 'Kyle Richards', image_original: 'https://static.tvmaze.example/p/1o.jpg', position: 0 },
      { name: 'Lisa Rinna', image_original: null, position: 1 },
    ]);
    expect(tvmaze.calls.map((c) => c.q)).toEqual(['Summer House']);
  });

  it('stores no TVmaze image whose address is not http(s)', async () => {
    tvmaze.shows.set(
      'married to medicine',
      tvmazeShow(102, 'Married to Medicine', {
        image: { medium: 'javascript:alert(1)', original: 'data:image/png;base64,AAAA' },
        _embedded: {
          cast: [
            {
              person: {
                name: 'Kate Chastain',
                image: { medium: '//evil.example/m.jpg', original: 'vbscript:x' },
              },
            },
          ],
        },
      }),
    );
    expect((await importShow('Married to Medicine')).json()).toMatchObject({ showsCreated: 1 });
    const show = await until(
      () => showRow('Married to Medicine'),
      (row) => row?.tvmaze_id === 102,
    );
    expect(show).toMatchObject({ network: 'Bravo', original_image: null, medium_image: null });
    const cast = await t.db
      .selectFrom('show_cast')
      .select(['name', 'image_original', 'image_medium'])
      .where('show_id', '=', show!.id)
      .execute();
    expect(cast).toEqual([{ name: 'Kate Chastain', image_original: null, image_medium: null }]);
  });

  it('never overwrites a field an admin edited, and answers the refresh with 202', async () => {
    tvmaze.shows.set('below deck', tvmazeShow(202, 'Below Deck', { network: { name: 'TVmaze Network' } }));
    const [show] = await t.db
      .insertInto('shows')
      .values({ name: 'Below Deck', slug: 'below-deck' })
      .returning('id')
      .execute();
    await t.admin('PUT', `/api/admin/shows/${show!.id}`, {
      network: 'Bravo (edited)',
      summary: 'Our own words.',
    });
    const listed = async () =>
      (await t.admin('GET', '/api/admin/shows?limit=500'))
        .json<{ shows: AdminShow[] }>()
        .shows.find((s) => s._id === show!.id)!;
    const before = await listed();
    expect(before.tvmazeId).toBeNull();
    const res = await t.admin('POST', `/api/admin/shows/${show!.id}/refresh-from-tvmaze`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: true, showId: show!.id });
    const row = await until(
      () => showRow('Below Deck'),
      (r) => r?.tvmaze_id === 202,
    );
    expect(row).toMatchObject({
      network: 'Bravo (edited)',
      summary: 'Our own words.',
      status: 'Running',
      genres: ['Reality', 'Drama'],
    });
    // what the back office screen waits on to say the lookup has landed
    const after = await listed();
    expect(after.tvmazeId).toBe(202);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(
      (await t.admin('POST', `/api/admin/shows/${crypto.randomUUID()}/refresh-from-tvmaze`)).statusCode,
    ).toBe(404);
  });

  it('looks a show up again when its search term changes, and caches each answer', async () => {
    tvmaze.shows.set('vanderpump', tvmazeShow(303, 'Vanderpump Rules', { network: { name: 'Bravo' } }));
    tvmaze.shows.set('the valley', tvmazeShow(304, 'The Valley', { network: { name: 'Bravo Valley' } }));
    const [show] = await t.db
      .insertInto('shows')
      .values({ name: 'VPR', slug: 'vpr', search_term: 'nothing' })
      .returning('id')
      .execute();
    await t.admin('PUT', `/api/admin/shows/${show!.id}`, { searchTerm: 'Vanderpump' });
    await until(
      () => showRow('VPR'),
      (r) => r?.tvmaze_id === 303,
    );
    await t.admin('PUT', `/api/admin/shows/${show!.id}`, { searchTerm: 'The Valley' });
    const row = await until(
      () => showRow('VPR'),
      (r) => r?.tvmaze_id === 304,
    );
    expect(row?.network).toBe('Bravo Valley');
    // Asking again for a term already answered costs no call.
    await t.admin('PUT', `/api/admin/shows/${show!.id}`, { searchTerm: 'Vanderpump' });
    await until(
      () => showRow('VPR'),
      (r) => r?.tvmaze_id === 303,
    );
    expect(tvmaze.calls.map((c) => c.q)).toEqual(['Vanderpump', 'The Valley']);
  });

  it('leaves a show TVmaze does not know as it is', async () => {
    const [show] = await t.db
      .insertInto('shows')
      .values({ name: 'Unknown Show', slug: 'unknown-show', network: 'Ours' })
      .returning('id')
      .execute();
    await t.admin('POST', `/api/admin/shows/${show!.id}/refresh-from-tvmaze`);
    const done = await until(
      async () => finished.find((entry) => entry.showId === show!.id),
      (entry) => entry !== undefined,
    );
    expect(done?.outcome).toBe('not-found');
    expect(tvmaze.calls).toHaveLength(1);
    expect(await showRow('Unknown Show')).toMatchObject({ network: 'Ours', tvmaze_id: null });
  });

  it(`keeps to the rate limit: never more than ${MAX_CALLS} calls in any ${WINDOW_MS} ms`, async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Rate Show ${i}`);
    for (const [i, name] of names.entries()) tvmaze.shows.set(name.toLowerCase(), tvmazeShow(500 + i, name));
    const rows = await t.db
      .insertInto('shows')
      .values(names.map((name, i) => ({ name, slug: `rate-show-${i}` })))
      .returning('id')
      .execute();
    for (const row of rows) await t.admin('POST', `/api/admin/shows/${row.id}/refresh-from-tvmaze`);
    const enriched = await until(
      () => t.db.selectFrom('shows').select('tvmaze_id').where('tvmaze_id', 'is not', null).execute(),
      (r) => r.length === 12,
    );
    expect(enriched).toHaveLength(12);
    const times = tvmaze.calls.map((c) => c.at).sort((a, b) => a - b);
    expect(times).toHaveLength(12);
    for (let i = MAX_CALLS; i < times.length; i += 1) {
      expect(times[i]! - times[i - MAX_CALLS]!).toBeGreaterThanOrEqual(WINDOW_MS);
    }
  });

  it('backs off on 429 for the time TVmaze asks, on every replica, then enriches the show', async () => {
    // a second, idle replica is waiting for work when the first one is told to hold
    const replicaConnection = createWorkerConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const replica = startReplica(replicaConnection);
    try {
      await replica.waitUntilReady();
      tvmaze.shows.set('southern charm', tvmazeShow(606, 'Southern Charm'));
      tvmaze.rateLimitNext = 1;
      const [show] = await t.db
        .insertInto('shows')
        .values({ name: 'Southern Charm', slug: 'southern-charm' })
        .returning('id')
        .execute();
      await t.admin('POST', `/api/admin/shows/${show!.id}/refresh-from-tvmaze`);
      await until(
        async () => tvmaze.calls.length,
        (n) => n > 0,
      );
      // a show asked for while the queue holds waits too
      tvmaze.shows.set('vanderpump rules', tvmazeShow(607, 'Vanderpump Rules'));
      const [other] = await t.db
        .insertInto('shows')
        .values({ name: 'Vanderpump Rules', slug: 'vanderpump-rules' })
        .returning('id')
        .execute();
      await t.admin('POST', `/api/admin/shows/${other!.id}/refresh-from-tvmaze`);
      const row = await until(
        () => showRow('Southern Charm'),
        (r) => r?.tvmaze_id === 606,
      );
      expect(row?.tvmaze_id).toBe(606);
      expect(
        (
          await until(
            () => showRow('Vanderpump Rules'),
            (r) => r?.tvmaze_id === 607,
          )
        )?.tvmaze_id,
      ).toBe(607);
      expect(tvmaze.calls.map((c) => c.status)).toEqual([429, 200, 200]);
      for (const call of tvmaze.calls.slice(1))
        expect(call.at - tvmaze.calls[0]!.at).toBeGreaterThanOrEqual(950);
    } finally {
      await replica.close();
      await replicaConnection.quit();
    }
  });
});
