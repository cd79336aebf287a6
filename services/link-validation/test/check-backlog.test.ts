import { randomUUID } from 'node:crypto';
import type { LinkCheckBacklogAnswer } from '@celebstyle/contracts';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkValidationWorker } from '../src/modules/check-jobs/link-validation-worker.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { insertLink, insertPost } from './helpers/link-health-rows.ts';
import { workerConnections } from './helpers/worker-connections.ts';

let h: Harness;
let token: string;
const BACKLOG = '/api/admin/link-validation/backlog';

beforeAll(async () => {
  h = await startHarness('check-backlog');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });
});
afterAll(async () => {
  await h?.close();
});

const backlog = (authorization: string | null = `Bearer ${token}`) =>
  h.app.inject({ method: 'GET', url: BACKLOG, headers: authorization ? { authorization } : {} });

describe('GET /api/admin/link-validation/backlog (the console Dashboard)', () => {
  it('counts due links of live posts, the oldest due time, the last check and the last sweep', async () => {
    expect((await backlog()).json()).toEqual({
      dueLinks: 0,
      queuedLinks: 0,
      oldestDueAt: null,
      lastSweepAt: null,
      lastCheckAt: null,
    });
    const live = await insertPost(h.db);
    const deleted = await insertPost(h.db, { deleted: true });
    const oldest = new Date(Date.now() - 3 * 3_600_000);
    const lastChecked = new Date(Date.now() - 60_000);
    await insertLink(h.db, live, 0, { next_check_at: oldest, last_checked: lastChecked });
    await insertLink(h.db, live, 1, { next_check_at: new Date(Date.now() - 60_000), last_checked: null });
    await insertLink(h.db, live, 2, { next_check_at: new Date(Date.now() + 3_600_000), last_checked: null });
    await insertLink(h.db, deleted, 0, { next_check_at: new Date(Date.now() - 9 * 3_600_000) });

    const before = (await backlog()).json<LinkCheckBacklogAnswer>();
    expect(before).toMatchObject({ dueLinks: 2, queuedLinks: 0, oldestDueAt: oldest.toISOString() });
    expect(Date.parse(before.lastCheckAt!)).toBeGreaterThanOrEqual(lastChecked.getTime());

    // the worker's due sweep queues the two due links and records its time
    const connections: Redis[] = [];
    const worker = await startLinkValidationWorker({
      db: h.db,
      ...workerConnections(h.redisUrl, connections),
      prefix: h.keyPrefix,
      checker: {
        check: () => new Promise(() => undefined),
        close: () => Promise.resolve(),
      },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      concurrency: 1,
      politeness: { maxInFlight: 1, minIntervalMs: 0, leaseMs: 30_000 },
      sweepEveryMs: 60_000,
      schedule: false,
    });
    const sweptFrom = Date.now();
    try {
      await worker.enqueueDue();
    } finally {
      await worker.close(AbortSignal.timeout(1_000));
      for (const connection of connections) connection.disconnect();
    }
    const after = (await backlog()).json<LinkCheckBacklogAnswer>();
    expect(after.queuedLinks).toBe(2);
    expect(Date.parse(after.lastSweepAt!)).toBeGreaterThanOrEqual(sweptFrom);
  });

  it('answers 401 without an admin token', async () => {
    expect((await backlog(null)).statusCode).toBe(401);
  });
});
