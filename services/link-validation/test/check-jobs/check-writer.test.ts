import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCheckWriter } from '../../src/modules/check-jobs/check-writer.ts';
import {
  findLinkToCheck,
  recordChecks,
  type CheckToRecord,
} from '../../src/modules/check-jobs/link-check.repository.ts';
import { startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { clearLinkHealth, insertLink, insertPost, setNextCheck } from '../helpers/link-health-rows.ts';

let world: LinkWorld;
beforeAll(async () => {
  world = await startLinkWorld('check_writer');
});
afterAll(() => world.close());
beforeEach(() => clearLinkHealth(world.db));

async function dueLinks(count: number): Promise<string[]> {
  const postId = await insertPost(world.db);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(
      await insertLink(world.db, postId, index, {
        link_status: 'unknown',
        confidence: 0,
        last_checked: null,
        next_check_at: new Date(Date.now() - 1_000),
      }),
    );
  }
  return ids;
}

async function checkOf(linkId: string, confidence = 0.95): Promise<CheckToRecord> {
  const link = (await findLinkToCheck(world.db, linkId))!;
  return {
    link,
    dueAt: link.nextCheckAt,
    check: {
      original: {
        url: link.originalUrl,
        linkStatus: 'active',
        httpStatus: 200,
        finalUrl: link.originalUrl,
        redirectChain: [],
        retailer: 'Shop',
        retailerDomain: 'shop.example',
        confidence,
        stockStatus: 'in_stock',
        price: 20,
        currency: 'USD',
        responseTime: 12,
        errorMessage: null,
        retryAfterSeconds: null,
      },
      cleanUrl: null,
      cleaned: null,
      recommendation: null,
    },
    outcome: {
      linkStatus: 'active',
      strikes: 0,
      errorStreak: 0,
      overrideEnded: false,
      statusChanged: true,
      nextCheckInMs: 86_400_000,
    },
    checkedAt: new Date(),
  };
}

const counts = async () => ({
  checked: (
    await world.db
      .selectFrom('link_validation.links')
      .select('id')
      .where('validation_count', '>', 0)
      .execute()
  ).length,
  history: (await world.db.selectFrom('link_validation.link_checks').select('id').execute()).length,
  outbox: (await world.db.selectFrom('link_validation.health_outbox').select('id').execute()).length,
});

describe('writing checks in batches', () => {
  it('writes a batch whole or not at all', async () => {
    const ids = await dueLinks(3);
    const checks = await Promise.all(ids.map((id) => checkOf(id)));
    // A confidence JSON cannot carry (NaN) makes one row of the statement fail, and so all of it.
    checks[1]!.check.original.confidence = Number.NaN;
    await expect(recordChecks(world.db, checks)).rejects.toThrow();
    expect(await counts()).toEqual({ checked: 0, history: 0, outbox: 0 });

    checks[1]!.check.original.confidence = 0.9;
    expect(await recordChecks(world.db, checks)).toEqual([true, true, true]);
    expect(await counts()).toEqual({ checked: 3, history: 3, outbox: 3 });
  });

  it('skips a check whose link is no longer due at its time (a job run twice), writing the others', async () => {
    const ids = await dueLinks(2);
    const first = await checkOf(ids[0]!);
    expect(await recordChecks(world.db, [first])).toEqual([true]);
    const again = { ...first, checkedAt: new Date() };
    expect(await recordChecks(world.db, [again, await checkOf(ids[1]!)])).toEqual([false, true]);
    expect(await counts()).toEqual({ checked: 2, history: 2, outbox: 2 });
  });

  it('groups checks that finish together, and records a second check of one link once', async () => {
    const ids = await dueLinks(40);
    const writer = createCheckWriter(world.db, 16);
    const checks = await Promise.all(ids.map((id) => checkOf(id)));
    const duplicate = { ...checks[0]!, checkedAt: new Date() };
    const written = await Promise.all([...checks, duplicate].map((check) => writer.record(check)));
    expect(written.filter(Boolean)).toHaveLength(40);
    expect(written.at(-1)).toBe(false);
    expect(await counts()).toEqual({ checked: 40, history: 40, outbox: 40 });
    const rows = await world.db.selectFrom('link_validation.links').select('validation_count').execute();
    expect(rows.every((row) => row.validation_count === 1)).toBe(true);
  });

  it("rewrites no index of links for a check that changes only the link's details and schedule (HOT)", async () => {
    const ids = await dueLinks(5);
    // The first check changes the status, an indexed column.
    await recordChecks(world.db, await Promise.all(ids.map((id) => checkOf(id))));
    await setNextCheck(world.db, new Date(Date.now() - 1_000), (links) => links.where('id', 'in', ids));
    const repeat = await Promise.all(ids.map((id) => checkOf(id)));
    const updates = await world.db.transaction().execute(async (trx) => {
      // The connection's counts not yet reported are in these too: the difference is the write's.
      const counts = async () =>
        (
          await sql<{ updated: number; hot: number }>`
            select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables
            where relid = 'link_validation.links'::regclass`.execute(trx)
        ).rows[0]!;
      const before = await counts();
      expect(await recordChecks(trx, repeat)).toEqual(ids.map(() => true));
      const after = await counts();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(updates).toEqual({ updated: 5, hot: 5 });
  });

  it('skips the history trigger for a check that repeats its bucket, and the daily counts stay exact', async () => {
    const [id] = await dueLinks(1);
    const due = () =>
      setNextCheck(world.db, new Date(Date.now() - 1_000), (links) => links.where('id', '=', id!));
    const check = async (status: 'active' | 'sold_out') => {
      const next = await checkOf(id!);
      next.check.original.linkStatus = status;
      expect(await recordChecks(world.db, [next])).toEqual([true]);
      await due();
    };
    await check('active');
    await check('active');
    // A row written by hand, the newest: the writer's next check must not take its bucket as active.
    await world.db
      .insertInto('link_validation.link_checks')
      .values({ link_id: id!, checked_at: new Date(), link_status: '404', confidence: 0.9 })
      .execute();
    await check('active');
    await check('sold_out');
    await check('sold_out');

    const rows = await world.db
      .selectFrom('link_validation.link_checks')
      .select(['link_status', 'same_bucket_as_previous'])
      .where('link_id', '=', id!)
      .orderBy('checked_at')
      .execute();
    expect(rows.map((row) => [row.link_status, row.same_bucket_as_previous])).toEqual([
      ['active', false],
      ['active', true],
      ['404', false],
      ['active', false],
      ['sold_out', false],
      ['sold_out', true],
    ]);
    const counts = async () =>
      (
        await sql<{ day: string; bucket: string; total: number }>`
          select day::text, bucket, sum(delta)::int as total from link_validation.link_health_deltas
          group by day, bucket having sum(delta) <> 0 order by day, bucket`.execute(world.db)
      ).rows;
    const kept = await counts();
    await sql`select link_validation.rebuild_link_health_deltas()`.execute(world.db);
    expect(kept).toEqual(await counts());
  });
});
