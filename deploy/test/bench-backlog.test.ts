import { createTestRedis, createWorkerConnection, QueueName, type TestRedis } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePostEvents } from '../bench/queue-drain.ts';

let redis: TestRedis;
let connection: ReturnType<typeof createWorkerConnection>;
let queue: Queue;

beforeAll(async () => {
  redis = await createTestRedis('bench-backlog');
  connection = createWorkerConnection(redis.url);
  queue = new Queue(QueueName.postEvents, { connection, prefix: redis.prefix });
});
afterAll(async () => {
  await queue.close();
  connection.disconnect();
  await redis.cleanup();
});

describe('the benchmark and the seeded change feed', () => {
  it('goes on at once when nothing is queued', async () => {
    const backlog = await settlePostEvents(redis.url, redis.prefix, () => {}, 5_000);
    expect(backlog.left).toBe(0);
    await backlog.resume();
    expect(await queue.isPaused()).toBe(false);
  });

  it('pauses post-events while the reads are measured when a backlog outlasts the wait, then resumes it', async () => {
    await queue.addBulk([1, 2, 3].map((n) => ({ name: 'post-changed', data: { n } })));
    const backlog = await settlePostEvents(redis.url, redis.prefix, () => {}, 1_500);
    expect(backlog.left).toBe(3);
    expect(await queue.isPaused()).toBe(true);
    await backlog.resume();
    expect(await queue.isPaused()).toBe(false);
    expect(await queue.getWaitingCount()).toBe(3);
  });
});
