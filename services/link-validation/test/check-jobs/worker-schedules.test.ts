import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import {
  startLinkValidationWorker,
  type LinkValidationWorker,
} from '../../src/modules/check-jobs/link-validation-worker.ts';
import { MAINTENANCE_QUEUE } from '../../src/modules/scheduling/link-check-queues.ts';
import { startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { workerConnections } from '../helpers/worker-connections.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const SCHEDULERS = [
  'link-due-sweep',
  'link-health-outbox-sweep',
  'link-health-history-compaction',
  'link-check-history-retention',
];
let world: LinkWorld;
let worker: LinkValidationWorker;
let queue: Queue;
const connections: Redis[] = [];
const connect = () => {
  const connection = new Redis(world.redis.url, { maxRetriesPerRequest: null });
  connections.push(connection);
  return connection;
};

beforeAll(async () => {
  world = await startLinkWorld('schedules');
  worker = await startLinkValidationWorker({
    db: world.db,
    ...workerConnections(world.redis.url, connections),
    prefix: world.redis.prefix,
    // No link is stored, so nothing is checked; pinned-only keeps any check off the network anyway.
    checker: createLinkChecker({ pinnedOnly: true }),
    log: silent,
    concurrency: 1,
    politeness: { maxInFlight: 1, minIntervalMs: 0, leaseMs: 30_000 },
    sweepEveryMs: 60_000,
    schedulerCheckEveryMs: 100,
  });
  queue = new Queue(MAINTENANCE_QUEUE, { connection: connect(), prefix: world.redis.prefix });
});
afterAll(async () => {
  await worker.close();
  await queue.close();
  for (const connection of connections) connection.disconnect();
  await world.close();
});

describe('the link-validation worker schedules', () => {
  it('come back after Redis lost them, without a restart', async () => {
    for (const id of SCHEDULERS) expect(await queue.getJobScheduler(id)).toBeTruthy();
    // A Redis that restarted empty: every schedule is gone.
    for (const id of SCHEDULERS) await queue.removeJobScheduler(id);
    for (const id of SCHEDULERS)
      await expect.poll(() => queue.getJobScheduler(id), { timeout: 5_000 }).toBeTruthy();
  });
});
