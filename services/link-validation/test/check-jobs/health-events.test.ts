import { createWorkerConnection, type LinkHealthChangedEvent } from '@celebstyle/queue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHealthEventsQueue, sweepHealthOutbox } from '../../src/modules/check-jobs/health-outbox.ts';
import { findLinkToCheck, recordChecks } from '../../src/modules/check-jobs/link-check.repository.ts';
import type { StockStatus } from '../../src/modules/link-check-engine/link-check-result.ts';
import { clearLinkHealth, insertLink, insertPost, setNextCheck } from '../helpers/link-health-rows.ts';
import { startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';

let world: LinkWorld;
beforeAll(async () => {
  world = await startLinkWorld('health_events');
});
afterAll(() => world.close());
beforeEach(() => clearLinkHealth(world.db));

/** Records one check of an active, in-stock $100 link that finds `found`. */
async function checkFinding(
  linkId: string,
  found: { stockStatus: StockStatus | null; price: number | null; currency?: string },
) {
  const link = (await findLinkToCheck(world.db, linkId))!;
  await recordChecks(world.db, [
    {
      link,
      dueAt: link.nextCheckAt,
      checkedAt: new Date(),
      check: {
        original: {
          url: link.originalUrl,
          linkStatus: 'active',
          httpStatus: 200,
          finalUrl: link.originalUrl,
          redirectChain: [],
          retailer: 'Shop',
          retailerDomain: 'shop.example',
          confidence: 0.95,
          stockStatus: found.stockStatus,
          price: found.price,
          currency: found.currency ?? 'USD',
          responseTime: 12,
          errorMessage: null,
          retryAfterSeconds: null,
        },
        cleanUrl: 'https://shop.example/p/clean',
        cleaned: null,
        recommendation: null,
      },
      outcome: {
        linkStatus: 'active',
        strikes: 0,
        errorStreak: 0,
        overrideEnded: false,
        statusChanged: false,
        nextCheckInMs: 1,
      },
    },
  ]);
  await setNextCheck(world.db, new Date(Date.now() - 1_000), (links) => links.where('id', '=', linkId));
}

const outbox = async () =>
  (await world.db.selectFrom('link_validation.health_outbox').select('payload').orderBy('id').execute()).map(
    (row) => row.payload as LinkHealthChangedEvent,
  );

describe('link-health events for shopper alerts', () => {
  it('are written when the price or stock changes without a status change, with the old offer', async () => {
    const postId = await insertPost(world.db, { title: 'Look' });
    const linkId = await insertLink(world.db, postId, 0, {
      link_text: 'Bag',
      stock_status: 'in_stock',
      price: '100.00',
      currency: 'USD',
      next_check_at: new Date(Date.now() - 1_000),
    });
    await checkFinding(linkId, { stockStatus: 'in_stock', price: 100 }); // nothing changed
    await checkFinding(linkId, { stockStatus: null, price: null }); // an unreadable page: no news
    await checkFinding(linkId, { stockStatus: 'in_stock', price: 80 });
    const events = await outbox();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      postId,
      linkId,
      status: 'active',
      price: 80,
      // Compared with the unreadable check before it, whose stock and price were unknown.
      changed: ['stock', 'price'],
      previous: { status: 'active', stockStatus: null, price: null },
      postTitle: 'Look',
      linkText: 'Bag',
      cleanUrl: 'https://shop.example/p/clean',
    });
  });

  it("go to both the alerts' and the catalog's queues, status, stock and price changes alike", async () => {
    const connection = createWorkerConnection(world.redis.url);
    const queues = createHealthEventsQueue(connection, world.redis.prefix);
    try {
      const base = { postId: crypto.randomUUID(), linkId: crypto.randomUUID(), status: 'active' };
      await world.db
        .insertInto('link_validation.health_outbox')
        .values([
          { payload: JSON.stringify({ ...base, changed: ['status', 'stock'] }) },
          { payload: JSON.stringify({ ...base, changed: ['price'] }) },
          { payload: JSON.stringify(base) }, // written before events said what changed
        ])
        .execute();
      expect(await sweepHealthOutbox(world.db, queues)).toBe(3);
      expect(await queues.catalog.getWaitingCount()).toBe(3);
      expect(await queues.alerts.getWaitingCount()).toBe(3);
    } finally {
      await queues.close();
      connection.disconnect();
    }
  });
});
