import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCheckWriter } from '../../src/modules/check-jobs/check-writer.ts';
import {
  findLinkToCheck,
  recordChecks,
  type CheckToRecord,
} from '../../src/modules/check-jobs/link-check.repository.ts';
import { startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { clearLinkHealth, insertLink, insertPost } from '../helpers/link-health-rows.ts';

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
});
