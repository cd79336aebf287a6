import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMetricsRegistry } from '@celebstyle/service-kit';
import { freePort, prometheusSample as sample } from '@celebstyle/service-kit/testing';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLinkCheckMetrics,
  measuredPoliteness,
  registerLinkBacklogGauges,
} from '../../src/modules/check-jobs/link-check-metrics.ts';
import { applyPostChanged } from '../../src/modules/projection/post-projection.repository.ts';
import { createHostPoliteness } from '../../src/modules/scheduling/host-politeness.ts';
import { startFakeRetailer, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { insertLink, insertPost } from '../helpers/link-health-rows.ts';
import { postEvent, startLinkWorld, type LinkWorld } from '../helpers/link-world.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';

const workspace = fileURLToPath(new URL('../..', import.meta.url));

let world: LinkWorld;
let farm: FakeRetailer;
beforeAll(async () => {
  world = await startLinkWorld('worker_metrics');
  farm = await startFakeRetailer();
});
afterAll(async () => {
  await farm.close();
  await world.close();
});

describe('the link-check worker process', () => {
  it(
    'serves /metrics on METRICS_PORT: checks by status, queue depth, pool and Redis',
    { timeout: 60_000 },
    async () => {
      const host = 'metrics.test';
      const page = htmlPage({
        head: productJsonLd({ availability: 'InStock', price: '20.00', priceCurrency: 'USD' }),
      });
      farm.page(host, '/p/0', page);
      farm.page(host, '/p/1', page);
      farm.on(host, '/p/2', (_request, response) => {
        response.writeHead(404).end('gone');
      });
      await applyPostChanged(
        world.db,
        postEvent({ version: 1, links: [0, 1, 2].map((index) => ({ url: farm.url(host, `/p/${index}`) })) }),
      );
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: workspace,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          DATABASE_URL: world.database.url,
          REDIS_URL: world.redis.url,
          QUEUE_PREFIX: world.redis.prefix,
          LINK_CHECK_RESOLVE: `${host}:${farm.port}:127.0.0.1`,
          LINK_CHECK_PINNED_ONLY: 'true',
          LINK_CHECK_SWEEP_MS: '1000',
          LINK_CHECK_HOST_INTERVAL_MS: '0',
          METRICS_PORT: String(port),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        const scrape = () =>
          fetch(`http://127.0.0.1:${port}/metrics`)
            .then((res) => res.text())
            .catch(() => '');
        await expect
          .poll(async () => sample(await scrape(), 'link_checks_total', { status: 'active' }), {
            timeout: 45_000,
            interval: 250,
          })
          .toBe(2);
        await expect.poll(async () => sample(await scrape(), 'link_checks_total', { status: '404' })).toBe(1);
        const text = await scrape();
        expect(sample(text, 'link_check_duration_seconds_count')).toBe(3);
        expect(sample(text, 'link_check_host_wait_seconds_count')).toBe(3);
        expect(sample(text, 'bullmq_queue_jobs', { queue: 'link-checks', state: 'waiting' })).toBe(0);
        // a check is counted when its answer is in, and its next date written a moment later
        await expect.poll(async () => sample(await scrape(), 'link_check_oldest_due_age_seconds')).toBe(0);
        expect(sample(text, 'bullmq_queue_jobs', { queue: 'post-events', state: 'waiting' })).toBe(0);
        expect(sample(text, 'db_pool_clients', { state: 'total' })).toBeGreaterThan(0);
        expect(sample(text, 'redis_connection_up', { connection: 'worker' })).toBe(1);
        expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="link-validation-worker"\} /m);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});

describe('link-check metrics', () => {
  it('report how long the most overdue link has waited', async () => {
    const registry = createMetricsRegistry('test');
    registerLinkBacklogGauges(registry, world.db, []);
    await sql`update link_validation.link_schedule set next_check_at = now() + interval '1 hour'`.execute(
      world.db,
    );
    expect(sample(await registry.metrics(), 'link_check_oldest_due_age_seconds')).toBe(0);
    const postId = await insertPost(world.db);
    await insertLink(world.db, postId, 0, { next_check_at: new Date(Date.now() - 3_600_000) });
    await insertLink(world.db, postId, 1, { next_check_at: new Date(Date.now() - 60_000) });
    const age = sample(await registry.metrics(), 'link_check_oldest_due_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(3_600);
    expect(age).toBeLessThan(3_660);
  });

  it('count checks in flight per retailer and the wait for a slot', async () => {
    const redis = new Redis(world.redis.url);
    try {
      const metrics = createLinkCheckMetrics(createMetricsRegistry('test'));
      const polite = measuredPoliteness(
        createHostPoliteness(redis, world.redis.prefix, {
          maxInFlight: 2,
          minIntervalMs: 0,
          leaseMs: 10_000,
        }),
        metrics,
      );
      const inFlight = async () =>
        (await metrics.hostInFlight.get()).values.map((v) => [v.labels.host, v.value]);
      expect(await polite.acquire('a.test', 'one')).toBe(0);
      expect(await polite.acquire('a.test', 'two')).toBe(0);
      expect(await polite.acquire('b.test', 'three')).toBe(0);
      expect(await inFlight()).toEqual([
        ['a.test', 2],
        ['b.test', 1],
      ]);
      expect(await polite.acquire('a.test', 'four')).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await polite.release('a.test', 'one');
      expect(await polite.acquire('a.test', 'four')).toBe(0);
      const wait = (await metrics.hostWait.get()).values.find(
        (v) => v.metricName === 'link_check_host_wait_seconds_sum',
      );
      expect(wait!.value).toBeGreaterThanOrEqual(0.2);
      await polite.release('b.test', 'three');
      expect(await inFlight()).toEqual([['a.test', 2]]);
    } finally {
      redis.disconnect();
    }
  });
});
