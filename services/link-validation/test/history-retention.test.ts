import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneCheckHistory } from '../src/modules/history/history-retention.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
let token: string;
const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
const RETENTION = { checkHistoryDays: 90, outboxDays: 7 };

const history = async () =>
  (
    await h.app.inject({
      method: 'GET',
      url: '/api/admin/link-validation/history?days=90',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as { days: { date: string; active: number; soldOut: number; broken: number }[] };

async function newLink(createdDaysAgo: number): Promise<string> {
  const postId = await insertPost(h.db, {});
  return insertLink(h.db, postId, 0, {
    created_at: ago(createdDaysAgo),
    link_status: 'unknown',
    last_checked: null,
  });
}
async function check(linkId: string, daysAgo: number, status: string): Promise<void> {
  await h.db
    .insertInto('link_validation.link_checks')
    .values({
      link_id: linkId,
      checked_at: ago(daysAgo),
      link_status: status,
      confidence: 0.9,
      http_status: 200,
    })
    .execute();
}
const checksOf = async (linkId: string) =>
  (
    await h.db
      .selectFrom('link_validation.link_checks')
      .select('link_status')
      .where('link_id', '=', linkId)
      .orderBy('checked_at')
      .execute()
  ).map((row) => row.link_status);

let often: string;
let once: string;

beforeAll(async () => {
  h = await startHarness('link-retention');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });
  often = await newLink(300);
  await check(often, 200, '404');
  await check(often, 120, 'active');
  await check(often, 10, 'sold_out');
  once = await newLink(300);
  await check(once, 150, 'active');
  await sql`insert into link_validation.health_outbox (payload, created_at, sent_at) values
    ('{"n":1}', now() - interval '30 days', now() - interval '30 days'),
    ('{"n":2}', now() - interval '1 day', now() - interval '1 day'),
    ('{"n":3}', now() - interval '30 days', null)`.execute(h.db);
});
afterAll(async () => {
  await h?.close();
});

describe('link-check history retention', () => {
  it('deletes checks past the retention and published events past theirs, keeping the 90-day counts', async () => {
    const before = await history();
    expect(await pruneCheckHistory(h.db, RETENTION)).toEqual({ checks: 2, outbox: 1 });
    expect(await checksOf(often)).toEqual(['sold_out']);
    // A link not checked within the retention keeps its newest check, however old.
    expect(await checksOf(once)).toEqual(['active']);
    const events = await sql<{
      n: number;
    }>`select (payload->>'n')::int as n from link_validation.health_outbox order by id`.execute(h.db);
    expect(events.rows.map((row) => row.n)).toEqual([2, 3]);
    expect(await history()).toEqual(before);
    expect(await pruneCheckHistory(h.db, RETENTION)).toEqual({ checks: 0, outbox: 0 });
  });

  it('counts the next check of a pruned link from the bucket it really was in', async () => {
    const before = (await history()).days.at(-1)!;
    await check(once, 0, 'sold_out');
    const today = (await history()).days.at(-1)!;
    expect(today.active).toBe(before.active - 1);
    expect(today.soldOut).toBe(before.soldOut + 1);
    expect(today.broken).toBe(before.broken);
  });
});
