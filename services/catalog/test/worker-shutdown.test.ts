import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createWorkerConnection, QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTvmaze, tvmazeShow, type FakeTvmaze } from './helpers/fake-tvmaze.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';

const workspace = fileURLToPath(new URL('..', import.meta.url));
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: AdminTestCatalog;
let tvmaze: FakeTvmaze;
let connection: Redis;
let enrichments: Queue;
let running: ChildProcess[] = [];

/** The catalog worker as its own process (npm run worker), on this file's database and Redis prefix. */
function startWorkerProcess(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: workspace,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: t.databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: t.keyPrefix,
      TVMAZE_BASE_URL: tvmaze.baseUrl,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.push(child);
  return child;
}

async function terminate(child: ChildProcess): Promise<{ code: number | null; tookMs: number }> {
  const signalled = performance.now();
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return { code, tookMs: performance.now() - signalled };
}

/** A show created by an import, which queues its enrichment from TVmaze. */
async function importShow(name: string, tvmazeId: number): Promise<void> {
  tvmaze.shows.set(name.toLowerCase(), tvmazeShow(tvmazeId, name));
  const response = await t.admin('POST', '/api/admin/posts/import', [
    {
      url: `https://wornontv.net/${tvmazeId}-look/`,
      title: 'Look',
      celebrity: 'Kyle Richards',
      show: name,
      brand: 'Zara',
      productType: 'Dress',
      platform: 'wornontv',
    },
  ]);
  expect(response.json()).toMatchObject({ showsCreated: 1 });
}

const tvmazeIdOf = async (name: string) =>
  (await t.db.selectFrom('shows').select('tvmaze_id').where('name', '=', name).executeTakeFirst())
    ?.tvmaze_id ?? null;
const calls = (name: string) => tvmaze.calls.filter((call) => call.q === name).length;

beforeAll(async () => {
  t = await startAdminTestCatalog('worker_sigterm');
  tvmaze = await startFakeTvmaze();
  connection = createWorkerConnection(redisUrl);
  enrichments = new Queue(QueueName.showEnrichment, { connection, prefix: t.keyPrefix });
});
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running = [];
  tvmaze.answerAfterMs = 0;
});
afterAll(async () => {
  await enrichments?.close();
  connection?.disconnect();
  await tvmaze?.close();
  await t?.close();
});

describe('the catalog worker on SIGTERM', () => {
  it(
    'finishes a show enrichment TVmaze answers after more than 10 s, stores it, then exits 0',
    { timeout: 60_000 },
    async () => {
      tvmaze.answerAfterMs = 11_000;
      await importShow('Below Deck', 301);
      const worker = startWorkerProcess();
      await expect.poll(() => calls('Below Deck'), { timeout: 30_000, interval: 50 }).toBe(1);

      const { code, tookMs } = await terminate(worker);
      expect(code).toBe(0);
      expect(tookMs).toBeGreaterThan(9_000);
      expect(await tvmazeIdOf('Below Deck')).toBe(301);
      expect(await enrichments.getJobCounts('active', 'wait', 'failed')).toEqual({
        active: 0,
        wait: 0,
        failed: 0,
      });
    },
  );

  it(
    'hands back an enrichment still waiting for TVmaze when the grace ends; the next worker does it at once',
    { timeout: 90_000 },
    async () => {
      tvmaze.answerAfterMs = 60_000;
      await importShow('Vanderpump Rules', 302);
      // The default lock is 30 s: a job left for its lock to expire would fail the test.
      const worker = startWorkerProcess({ SHUTDOWN_GRACE_MS: '3000' });
      await expect.poll(() => calls('Vanderpump Rules'), { timeout: 30_000, interval: 50 }).toBe(1);

      const { code, tookMs } = await terminate(worker);
      expect(code).toBe(0);
      // Exit code 0: it closed within its own grace period (a forced exit is 1). Seen from here the
      // exit also takes the process's teardown and this runner's lag, seconds on a loaded machine;
      // the bound says only that it did not wait for the answer held back 60 s.
      expect(tookMs).toBeLessThan(15_000);
      expect(await tvmazeIdOf('Vanderpump Rules')).toBeNull();
      expect(await enrichments.getJobCounts('active', 'wait', 'failed')).toEqual({
        active: 0,
        wait: 1,
        failed: 0,
      });

      tvmaze.answerAfterMs = 0;
      startWorkerProcess();
      // timed from when the new worker listens (its start alone can take seconds on a busy machine):
      // a job left locked would wait for its 30 s lock to expire
      await expect
        .poll(async () => (await enrichments.getWorkers()).length, { timeout: 40_000, interval: 100 })
        .toBeGreaterThan(0);
      const listeningAt = performance.now();
      await expect.poll(() => tvmazeIdOf('Vanderpump Rules'), { timeout: 20_000, interval: 100 }).toBe(302);
      expect(performance.now() - listeningAt).toBeLessThan(15_000);
      expect(calls('Vanderpump Rules')).toBe(2);
    },
  );
});
