import { LinkStatusValues } from '@celebstyle/contracts';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractJob,
  createContractQueue,
  createTestRedis,
  createWorkerConnection,
  handingBack,
  QueueContracts,
  readPayload,
  type PostChangedEvent,
  type TestRedis,
} from '../src/index.ts';

let redis: TestRedis;
beforeAll(async () => {
  redis = await createTestRedis('contracts');
});
afterAll(async () => {
  await redis.cleanup();
});

const deletion = (postId: string): PostChangedEvent => ({
  kind: 'deleted',
  postId,
  version: 1_764_201_600_000,
  occurredAt: '2026-11-27T00:00:00.000Z',
  post: null,
});

const statusEvent = (status: string) => ({
  postId: randomUUID(),
  linkId: randomUUID(),
  status,
  checkedAt: '2026-11-27T06:00:00.000Z',
  traceContext: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
});

describe('readPayload', () => {
  it('takes every link status contracts names, with the trace context a job carries', () => {
    for (const status of LinkStatusValues)
      expect(readPayload(QueueContracts.linkHealthEvents, statusEvent(status)).status).toBe(status);
  });

  it('refuses a payload outside its schema for good, naming the queue and the field', () => {
    const read = () => readPayload(QueueContracts.linkHealthEvents, statusEvent('broken'));
    expect(read).toThrow(UnrecoverableError);
    expect(read).toThrow(/malformed link-health-events payload: \/status/);
    expect(() => readPayload(QueueContracts.postEvents, { ...deletion('42'), post: null })).toThrow(
      /post-events payload: \/postId/,
    );
    expect(() =>
      readPayload(QueueContracts.postEvents, { ...deletion(randomUUID()), occurredAt: 'yesterday' }),
    ).toThrow(/\/occurredAt/);
  });
});

describe('a consumer reading its queue through the contract', () => {
  it('fails a malformed job at once, without retries, and goes on with the next', async () => {
    const connections = [createWorkerConnection(redis.url), createWorkerConnection(redis.url)];
    const queue = createContractQueue(QueueContracts.postEvents, connections[0]!, redis.prefix);
    const applied: string[] = [];
    const worker = new Worker(
      QueueContracts.postEvents.name,
      handingBack(async (job: Job) => {
        applied.push(readPayload(QueueContracts.postEvents, job.data).postId);
      }),
      { connection: connections[1]!, prefix: redis.prefix },
    );
    const good = randomUUID();
    const malformed = { ...deletion(good), postId: 'not-a-uuid' };
    await queue.addBulk([
      // A producer outside this code base (or an old one) could put anything on the queue.
      contractJob(QueueContracts.postEvents, malformed, 'malformed'),
      contractJob(QueueContracts.postEvents, deletion(good), 'good'),
    ]);

    await expect
      .poll(() => queue.getJobCounts('completed', 'failed'), { timeout: 10_000 })
      .toEqual({
        completed: 1,
        failed: 1,
      });
    const failed = await queue.getJob('malformed');
    expect(failed?.failedReason).toMatch(/malformed post-events payload: \/postId/);
    expect(failed?.attemptsMade).toBe(1);
    expect(QueueContracts.postEvents.jobOptions.attempts).toBeGreaterThan(1);
    expect(applied).toEqual([good]);
    expect(worker.isRunning()).toBe(true);
    await worker.close();
    await queue.close();
    for (const connection of connections) connection.disconnect();
  });
});
