import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProducerConnection,
  createTestRedis,
  createWorkerConnection,
  pingRedis,
  QueueName,
  type TestRedis,
  whenRedisReady,
} from '../src/index.ts';

let testRedis: TestRedis;
beforeAll(async () => {
  testRedis = await createTestRedis('queue-pkg');
});
afterAll(async () => {
  await testRedis.cleanup();
});

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${typeof address === 'object' && address ? address.port : 1}`;
}

describe('producer connection', () => {
  it('fails fast instead of hanging when Redis is down', async () => {
    const redis = createProducerConnection(await closedPortUrl());
    redis.on('error', () => {});
    const started = Date.now();
    await expect(pingRedis(redis)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    redis.disconnect();
  });
});

describe('a job round trip under a test prefix', () => {
  it('delivers a job from producer to worker, and cleanup leaves no key behind', async () => {
    const producer = createProducerConnection(testRedis.url);
    const workerConnection = createWorkerConnection(testRedis.url);
    await whenRedisReady(producer);
    await pingRedis(producer);
    const queue = new Queue(QueueName.emailDelivery, { connection: producer, prefix: testRedis.prefix });
    const received = new Promise<unknown>((resolve) => {
      const worker = new Worker(
        QueueName.emailDelivery,
        async (job) => {
          resolve(job.data);
          setImmediate(() => void worker.close());
        },
        { connection: workerConnection, prefix: testRedis.prefix },
      );
    });
    await queue.add('send', { kind: 'support-confirmation', outboxId: 'o-1' }, { jobId: 'o-1' });
    expect(await received).toEqual({ kind: 'support-confirmation', outboxId: 'o-1' });
    await queue.close();
    await producer.quit();
    await workerConnection.quit();

    const probe = new Redis(testRedis.url);
    expect((await probe.keys(`${testRedis.prefix}*`)).length).toBeGreaterThan(0);
    await testRedis.cleanup();
    expect(await probe.keys(`${testRedis.prefix}*`)).toEqual([]);
    await probe.quit();
    testRedis = await createTestRedis('queue-pkg');
  });
});
