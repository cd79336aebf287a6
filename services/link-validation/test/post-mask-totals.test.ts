import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkStatus } from '../src/modules/link-check-engine/link-check-result.ts';
import { findLinkToCheck, recordCheck } from '../src/modules/check-jobs/link-check.repository.ts';
import { applyPostChanged } from '../src/modules/projection/post-projection.repository.ts';
import { compactPostMaskDeltas } from '../src/modules/results/post-mask-count.ts';
import { parseResultFilters } from '../src/modules/results/result-filters.ts';
import { countMatchingPosts } from '../src/modules/results/results.repository.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { clearLinkHealth } from './helpers/link-health-rows.ts';
import { postEvent } from './helpers/link-world.ts';

let h: Harness;
let token: string;
const BASE = '/api/admin/link-validation';
const BROKEN = '404,invalid,server_error,redirect_error,access_denied,product_removed';

beforeAll(async () => {
  h = await startHarness('post-mask-totals');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await clearLinkHealth(h.db);
});

/** The filters whose totals come from the masks: status alone, no filter, the quick filters. */
const MASK_FILTERS = [
  '',
  'linkStatus=active',
  'linkStatus=sold_out',
  'linkStatus=404',
  'linkStatus=unknown',
  `linkStatus=${BROKEN}`,
  'linkStatus=active,sold_out',
  'minConfidence=0.8',
  'linkStatus=active&minConfidence=0.8',
  'maxConfidence=0.4',
  'linkStatus=active&maxConfidence=0.4',
  `linkStatus=${BROKEN}&maxConfidence=0.4`,
];

const total = async (query: string) => {
  const answer = await h.app.inject({
    method: 'GET',
    url: `${BASE}/results?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { pagination: { total: number } }).pagination.total;
};

/** The same total counted from the posts and links tables (the path every other filter takes). */
const countedFromTables = (query: string) => {
  const params = new URLSearchParams(query);
  const status = params.get('linkStatus');
  const min = params.get('minConfidence');
  const max = params.get('maxConfidence');
  return countMatchingPosts(
    h.db,
    parseResultFilters({
      linkStatus: status ? [status] : undefined,
      minConfidence: min === null ? undefined : Number(min),
      maxConfidence: max === null ? undefined : Number(max),
    }),
  );
};

/** Every mask-answered total equals the count from the tables; returns them for exact checks. */
async function expectTotalsExact(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const query of MASK_FILTERS) {
    totals[query] = await total(query);
    expect(totals[query], query || 'no filter').toBe(await countedFromTables(query));
  }
  return totals;
}

async function check(linkId: string, status: LinkStatus, confidence: number) {
  const link = (await findLinkToCheck(h.db, linkId))!;
  const result = {
    url: link.originalUrl,
    linkStatus: status,
    httpStatus: status === '404' ? 404 : 200,
    finalUrl: link.originalUrl,
    redirectChain: [],
    retailer: 'Shop',
    retailerDomain: 'shop.test',
    confidence,
    stockStatus: null,
    price: null,
    currency: null,
    responseTime: 10,
    errorMessage: null,
    retryAfterSeconds: null,
  };
  const written = await recordCheck(
    h.db,
    link,
    link.nextCheckAt,
    { original: result, cleanUrl: null, cleaned: null, recommendation: null },
    {
      linkStatus: status,
      strikes: 0,
      errorStreak: 0,
      overrideEnded: false,
      statusChanged: status !== link.linkStatus,
      nextCheckInMs: 86_400_000,
    },
    new Date(),
  );
  expect(written).toBe(true);
}

const setStatus = async (postId: string, linkIndex: number, newStatus: string) => {
  const answer = await h.app.inject({
    method: 'PUT',
    url: `${BASE}/link-status`,
    payload: { postId, linkIndex, newStatus },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const linksOf = (postId: string) =>
  h.db
    .selectFrom('link_validation.links')
    .select('id')
    .where('post_id', '=', postId)
    .orderBy('link_index')
    .execute()
    .then((rows) => rows.map((row) => row.id));

describe('totals of matching posts from the per-post link masks', () => {
  it('stay exact through checks, admin status changes, link edits, post deletes and restores', async () => {
    const a = postEvent({ version: 1, links: [{ url: 'https://a.test/1' }, { url: 'https://a.test/2' }] });
    const b = postEvent({ version: 1, links: [{ url: 'https://b.test/1' }] });
    const c = postEvent({
      version: 1,
      links: [{ url: 'https://c.test/1' }, { url: 'https://c.test/2' }, { url: 'https://c.test/3' }],
    });
    const empty = postEvent({ version: 1, links: [] });
    for (const event of [a, b, c, empty]) await applyPostChanged(h.db, event);
    // New links are unknown until checked; a post without links matches nothing.
    expect(await expectTotalsExact()).toMatchObject({
      '': 3,
      'linkStatus=unknown': 3,
      'linkStatus=active': 0,
    });

    const [a1, a2] = await linksOf(a.postId);
    const [b1] = await linksOf(b.postId);
    const [c1, c2, c3] = await linksOf(c.postId);
    await check(a1!, 'active', 0.95);
    await check(a2!, '404', 0.95);
    await check(b1!, 'active', 0.3);
    await check(c1!, 'sold_out', 0.85);
    await check(c2!, 'active', 0.6);
    expect(await expectTotalsExact()).toMatchObject({
      'linkStatus=active': 3,
      'linkStatus=active&minConfidence=0.8': 1,
      'linkStatus=active&maxConfidence=0.4': 1,
      [`linkStatus=${BROKEN}`]: 1,
      'linkStatus=unknown': 1,
    });

    // The admin marks a's broken link active, then c's unchecked link broken.
    await setStatus(a.postId, 1, 'active');
    await setStatus(c.postId, 2, 'invalid');
    expect(await expectTotalsExact()).toMatchObject({
      [`linkStatus=${BROKEN}`]: 1,
      'linkStatus=unknown': 0,
      'linkStatus=404': 0,
    });

    // A check moves c3 on; a changes its second link's address (it starts over as unknown).
    await check(c3!, 'server_error', 0.7);
    await applyPostChanged(
      h.db,
      postEvent({
        postId: a.postId,
        version: 2,
        kind: 'updated',
        links: [
          { id: a1, url: 'https://a.test/1' },
          { id: a2, url: 'https://a.test/2-moved' },
        ],
      }),
    );
    expect(await expectTotalsExact()).toMatchObject({ 'linkStatus=unknown': 1, [`linkStatus=${BROKEN}`]: 1 });

    // c is deleted: it counts nowhere; then restored with its links as they were.
    await applyPostChanged(h.db, postEvent({ postId: c.postId, version: 2, kind: 'deleted' }));
    expect(await expectTotalsExact()).toMatchObject({ '': 2, 'linkStatus=sold_out': 0 });
    await applyPostChanged(
      h.db,
      postEvent({
        postId: c.postId,
        version: 3,
        kind: 'updated',
        links: [{ url: 'https://c.test/new' }],
      }),
    );
    expect(await expectTotalsExact()).toMatchObject({ '': 3, 'linkStatus=unknown': 2 });

    // A link removed from its post, a post removed outright: both leave the totals.
    await applyPostChanged(
      h.db,
      postEvent({
        postId: a.postId,
        version: 3,
        kind: 'updated',
        links: [{ id: a1, url: 'https://a.test/1' }],
      }),
    );
    await h.db.deleteFrom('link_validation.posts').where('id', '=', b.postId).execute();
    expect(await expectTotalsExact()).toMatchObject({
      '': 2,
      'linkStatus=active': 1,
      'linkStatus=unknown': 1,
    });

    // Folding the log changes no total.
    const before = await expectTotalsExact();
    expect(await compactPostMaskDeltas(h.db)).toBeGreaterThan(0);
    expect(await expectTotalsExact()).toEqual(before);
  });

  it('stay exact when many transactions change links of one post at once', async () => {
    const event = postEvent({
      version: 1,
      links: Array.from({ length: 12 }, (_, i) => ({ url: `https://many.test/${i}` })),
    });
    await applyPostChanged(h.db, event);
    const ids = await linksOf(event.postId);
    const statuses: LinkStatus[] = ['active', 'sold_out', '404', 'invalid'];
    // Each link goes through two statuses in its own transactions, all links at once.
    await Promise.all(
      ids.map(async (id, i) => {
        for (const round of [0, 1]) {
          await h.db.transaction().execute(async (trx) => {
            await trx
              .updateTable('link_validation.links')
              .set({ link_status: statuses[(i + round) % statuses.length]!, confidence: round ? 0.9 : 0.2 })
              .where('id', '=', id)
              .execute();
            await sql`select pg_sleep(0.01)`.execute(trx);
          });
        }
      }),
    );
    const totals = await expectTotalsExact();
    expect(totals).toMatchObject({
      '': 1,
      'linkStatus=unknown': 0,
      'linkStatus=active&minConfidence=0.8': 1,
    });
    expect(totals['maxConfidence=0.4']).toBe(0);
  });
});
