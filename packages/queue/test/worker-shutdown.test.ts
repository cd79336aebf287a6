import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeWorkers,
  createTestRedis,
  createWorkerConnection,
  handingBack,
  type TestRedis,
} from '../src/index.ts';

let testRedis: TestRedis;
let queue: Queue;
const connections: Redis[] = [];
const connect = () => {
  const connection = createWorkerConnection(testRedis.url);
  connections.push(connection);
  return connection;
};
beforeAll(async () => {
  testRedis = await createTestRedis('worker-shutdown');
  queue = new Queue('shutdown-drill', { connection: connect(), prefix: testRedis.prefix });
});
afterAll(async () => {
  await queue.close();
  for (const connection of connections) connection.disconnect();
  await testRedis.cleanup();
});

const opened: Worker[] = [];
function worker(process: (name: string, signal: AbortSignal) => Promise<string>): Worker {
  const created = new Worker(
    'shutdown-drill',
    handingBack(async (job, _token, signal) => process(job.name, signal)),
    {
      connection: connect(),
      prefix: testRedis.prefix,
      // Far longer than the test: a job that waited for its lock to expire would fail it.
      lockDuration: 120_000,
      stalledInterval: 120_000,
    },
  );
  opened.push(created);
  return created;
}
const never = () => new Promise<string>(() => undefined);
const until = async (condition: () => Promise<boolean>) => {
  await expect.poll(condition, { timeout: 10_000, interval: 20 }).toBe(true);
};

describe('closing workers on SIGTERM', () => {
  it('waits for a job that ends within the grace period, and takes no new job meanwhile', async () => {
    let release = () => undefined as void;
    const taker = worker((name) => new Promise((resolve) => (release = () => resolve(`${name} done`))));
    const first = await queue.add('finishes', {});
    await until(async () => (await first.getState()) === 'active');
    const closing = closeWorkers([taker], AbortSignal.timeout(10_000));
    const second = await queue.add('arrives-during-shutdown', {});
    // on purpose: a closing worker is given time to take the new job, and must not
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await closing;
    expect(await queue.getJobState(first.id!)).toBe('completed');
    expect((await queue.getJob(first.id!))?.returnvalue).toBe('finishes done');
    expect(await queue.getJobState(second.id!)).toBe('waiting');
    await (await queue.getJob(second.id!))?.remove();
  });

  it('hands a job it cannot finish back to wait, unspent, for another worker to take at once', async () => {
    let sawAbort = false;
    const doomed = worker(async (_name, signal) => {
      signal.addEventListener('abort', () => (sawAbort = true));
      return never();
    });
    const job = await queue.add('slow', {});
    await until(async () => (await job.getState()) === 'active');
    const handBack = new AbortController();
    const closing = closeWorkers([doomed], handBack.signal);
    await until(async () => doomed.closing !== undefined && (await job.getState()) === 'active');
    const handedBackAt = performance.now();
    handBack.abort();
    await closing;
    expect(performance.now() - handedBackAt).toBeLessThan(2_000);
    expect(sawAbort).toBe(true);
    expect(await queue.getJobState(job.id!)).toBe('waiting');
    const stored = await queue.getJob(job.id!);
    expect(stored?.attemptsMade).toBe(0);

    worker(async (name) => `${name} done by the next worker`);
    await until(async () => (await queue.getJobState(job.id!)) === 'completed');
    expect((await queue.getJob(job.id!))?.returnvalue).toBe('slow done by the next worker');
    await closeWorkers(opened);
  });
});
