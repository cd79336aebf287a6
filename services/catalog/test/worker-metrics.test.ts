import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@celebstyle/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

const workspace = fileURLToPath(new URL('..', import.meta.url));

let catalog: TestCatalog;
let worker: ChildProcess | undefined;
beforeAll(async () => {
  catalog = await startTestCatalog('worker_metrics');
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await catalog.close();
});

describe('the catalog worker process', () => {
  it('serves /metrics on METRICS_PORT: its queues, the pool and Redis', { timeout: 60_000 }, async () => {
    const metricsPort = await freePort();
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: workspace,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: catalog.databaseUrl,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        QUEUE_PREFIX: catalog.keyPrefix,
        // Nothing leaves the machine: TVmaze is an address where nothing listens.
        TVMAZE_BASE_URL: `http://127.0.0.1:${await freePort()}`,
        METRICS_PORT: String(metricsPort),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const scrape = () =>
      fetch(`http://127.0.0.1:${metricsPort}/metrics`)
        .then((res) => res.text())
        .catch(() => '');
    await expect
      .poll(scrape, { timeout: 45_000, interval: 250 })
      .toMatch(/^redis_connection_up\{connection="worker",service="catalog-worker"\} 1$/m);
    const text = await scrape();
    for (const queue of ['catalog-maintenance', 'show-enrichment', 'link-health-events'])
      expect(text).toMatch(
        new RegExp(
          `^bullmq_queue_jobs\\{queue="${queue}",state="waiting",service="catalog-worker"\\} \\d+$`,
          'm',
        ),
      );
    expect(text).toMatch(/^db_pool_clients\{state="total",service="catalog-worker"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="catalog-worker"\} /m);
  });
});
