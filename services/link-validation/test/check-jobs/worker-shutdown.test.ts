import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createWorkerConnection, QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { startFakeRetailer, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';

const workspace = fileURLToPath(new URL('../..', import.meta.url));
const page = htmlPage({
  head: productJsonLd({ availability: 'InStock', price: '20.00', priceCurrency: 'USD' }),
});
// Far longer than any wait below: a job left for its lock to expire would fail these tests.
const LOCK_MS = '120000';
let farm: FakeRetailer;
let running: ChildProcess[] = [];

/** A real worker process (npm run worker) on this test's database and Redis prefix, pinned to the farm. */
function startWorkerProcess(world: LinkWorld, hosts: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: workspace,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: world.database.url,
      REDIS_URL: world.redis.url,
      QUEUE_PREFIX: world.redis.prefix,
      LINK_CHECK_RESOLVE: hosts.map((host) => `${host}:${farm.port}:127.0.0.1`).join(','),
      LINK_CHECK_SWEEP_MS: '1000',
      LINK_CHECK_LOCK_MS: LOCK_MS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.push(child);
  return child;
}

async function seed(world: LinkWorld, hosts: string[]): Promise<void> {
  await applyPostChanged(
    world.db,
    postEvent({ version: 1_000, links: hosts.map((host) => ({ url: farm.url(host, '/p/0') })) }),
  );
}

const checks = (world: LinkWorld) =>
  world.db.selectFrom('link_validation.link_checks').select('link_id').execute();
const links = (world: LinkWorld) =>
  world.db.selectFrom('link_validation.links').select(['validation_count', 'link_status']).execute();
const asked = (host: string) => farm.requests.filter((request) => request.startsWith(`${host} `)).length;

/** Sends SIGTERM and resolves with the exit code and how long the process took to exit. */
async function terminate(child: ChildProcess): Promise<{ code: number | null; tookMs: number }> {
  const signalled = performance.now();
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return { code, tookMs: performance.now() - signalled };
}

beforeAll(async () => {
  farm = await startFakeRetailer();
});
function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running = [];
}
afterEach(killAll);
afterAll(() => farm.close());

describe('the link-check worker on SIGTERM', () => {
  it(
    'finishes a check under way that takes longer than 10 s, writes its verdict, then exits 0',
    { timeout: 90_000 },
    async () => {
      const world = await startLinkWorld('sigterm_finish');
      try {
        const host = 'slow-shop.test';
        farm.on(host, '/p/0', (_request, response) => {
          setTimeout(
            () => response.writeHead(200, { 'content-type': 'text/html' }).end(page),
            11_000,
          ).unref();
        });
        await seed(world, [host]);
        const worker = startWorkerProcess(world, [host], {});
        await expect.poll(() => asked(host), { timeout: 30_000, interval: 50 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 500));

        const { code, tookMs } = await terminate(worker);
        expect(code).toBe(0);
        // It waited for the shop's answer (about 10.5 s after the signal), not for a fixed 10 s.
        expect(tookMs).toBeGreaterThan(10_000);
        expect(await links(world)).toEqual([{ validation_count: 1, link_status: 'active' }]);
        expect(await checks(world)).toHaveLength(1);
        expect(asked(host)).toBe(1);
      } finally {
        killAll();
        await world.close();
      }
    },
  );

  it(
    'when the grace ends, stops the check still running and hands its job back with every link it did not record; the next worker checks them without waiting for a lock to expire',
    { timeout: 90_000 },
    async () => {
      const world = await startLinkWorld('sigterm_hand_back');
      try {
        const hosts = ['stuck-a.test', 'stuck-b.test', 'stuck-c.test', 'stuck-d.test'];
        // The first request the farm gets (whichever link the worker starts) hangs past any grace.
        let hung = false;
        for (const host of hosts)
          farm.on(host, '/p/0', (_request, response) => {
            const answer = () => response.writeHead(200, { 'content-type': 'text/html' }).end(page);
            if (hung) answer();
            else {
              hung = true;
              setTimeout(answer, 60_000).unref();
            }
          });
        await seed(world, hosts);
        const asked0 = farm.requests.length;
        // One check at a time: one starts and hangs, the job's other links wait for it.
        const doomed = startWorkerProcess(world, hosts, {
          LINK_CHECK_CONCURRENCY: '1',
          SHUTDOWN_GRACE_MS: '3000',
        });
        await expect.poll(() => farm.requests.length - asked0, { timeout: 30_000, interval: 50 }).toBe(1);

        const { code, tookMs } = await terminate(doomed);
        expect(code).toBe(0);
        // Exit code 0: it closed within its own grace period (a forced exit is 1). Seen from here the
        // exit also takes the process's teardown and this runner's lag, seconds on a loaded machine;
        // the bound says only that it did not wait for the answer held back 60 s.
        expect(tookMs).toBeLessThan(15_000);
        // Nothing recorded for the stopped check (a shutdown is no verdict); the job waits, unlocked.
        expect(await checks(world)).toEqual([]);
        const connection = createWorkerConnection(world.redis.url);
        const queue = new Queue(QueueName.linkChecks, { connection, prefix: world.redis.prefix });
        try {
          const counts = await queue.getJobCounts('active', 'wait', 'failed', 'delayed');
          expect(counts).toMatchObject({ active: 0, failed: 0, delayed: 0 });
          expect(counts.wait).toBeGreaterThan(0);
          const [job] = await queue.getJobs(['wait']);
          expect(job?.attemptsMade).toBe(0);
        } finally {
          await queue.close();
          connection.disconnect();
        }

        const restartedAt = performance.now();
        startWorkerProcess(world, hosts, { LINK_CHECK_CONCURRENCY: '10' });
        await expect
          .poll(async () => (await checks(world)).length, { timeout: 30_000, interval: 100 })
          .toBe(4);
        expect(performance.now() - restartedAt).toBeLessThan(Number(LOCK_MS) / 4);
        expect((await links(world)).every((link) => link.validation_count === 1)).toBe(true);
        // Each link asked once by the next worker, the stopped one a second time.
        expect(farm.requests.length - asked0).toBe(5);
      } finally {
        killAll();
        await world.close();
      }
    },
  );
});
