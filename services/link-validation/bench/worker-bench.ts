/**
 * Link-check worker benchmark (README "Benchmark"): 100 fake retailer hosts answering after 50 ms,
 * a per-host cap of 2 and no start interval, so the politeness bound is hosts × cap ÷ latency
 * (4,000 checks/s). Worker processes (npm run worker, each LINK_CHECK_CONCURRENCY checks at once)
 * check every link of a throw-away database once; the figures are checks per second against that
 * bound and CPU per check (every worker process's user + system time). Loopback only, bounded.
 * Run: npm run bench:worker -w @celebstyle/link-validation
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createTestRedis } from '@celebstyle/queue';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/index.ts';

const HOSTS = 100;
const CAP = 2;
const LATENCY_MS = 50;
const LINKS = Number(process.env.BENCH_LINKS ?? '6000');
const WORKERS = Number(process.env.BENCH_WORKERS ?? '2');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '100');
const PAGE_BYTES = Number(process.env.BENCH_PAGE_BYTES ?? String(30 * 1024));
const workspace = fileURLToPath(new URL('..', import.meta.url));

const database = await createTestDatabase('lv_worker_bench');
const redis = await createTestRedis('lv-worker-bench');
const db = createDb<Database>({ connectionString: database.url, max: 4 });
const children: ChildProcess[] = [];

try {
  await migrate(db);
  const farm = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-farm.ts'], {
    cwd: workspace,
    env: { ...process.env, LATENCY_MS: String(LATENCY_MS), PAGE_BYTES: String(PAGE_BYTES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(farm);
  const [portLine] = (await once(farm.stdout!, 'data')) as [Buffer];
  const port = Number(portLine.toString().trim());

  // One post per link, links spread evenly over the hosts (each its own registrable domain), all due now.
  const posts = Array.from({ length: LINKS }, (_, index) => ({ id: randomUUID(), index }));
  for (let start = 0; start < posts.length; start += 1_000) {
    const batch = posts.slice(start, start + 1_000);
    await db
      .insertInto('link_validation.posts')
      .values(
        batch.map(({ id }) => ({
          id,
          version: 1,
          status: 'approved',
          platform: 'wornontv',
          celebrity: 'C',
          show: 'S',
          brand: 'B',
          product_type: 'Dress',
          main_image: null,
          enhanced_image: null,
          post_created_at: new Date(),
        })),
      )
      .execute();
    await db
      .insertInto('link_validation.links')
      .values(
        batch.map(({ id, index }) => ({
          id: randomUUID(),
          post_id: id,
          link_index: 0,
          original_url: `http://www.shop-${index % HOSTS}.test:${port}/p/${index}`,
          catalog_real_url: null,
          clean_url: null,
          http_status: null,
          final_url: null,
          retailer: null,
          retailer_domain: null,
          stock_status: null,
          price: null,
          currency: null,
          response_time: null,
          error_message: null,
          recommendation: null,
          status_changed_by: null,
          status_changed_at: null,
          status_notes: null,
          overridden_status: null,
        })),
      )
      .execute();
  }

  const started = performance.now();
  for (let index = 0; index < WORKERS; index += 1) {
    children.push(
      spawn(
        process.execPath,
        [
          ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
          '--import',
          'tsx',
          'src/worker.ts',
        ],
        {
          cwd: workspace,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            LOG_LEVEL: 'error',
            DATABASE_URL: database.url,
            REDIS_URL: redis.url,
            QUEUE_PREFIX: redis.prefix,
            LINK_CHECK_RESOLVE: `*.test:${port}:127.0.0.1`,
            LINK_CHECK_PINNED_ONLY: 'true',
            LINK_CHECK_CONCURRENCY: String(CONCURRENCY),
            LINK_CHECK_HOST_CONCURRENCY: String(CAP),
            LINK_CHECK_HOST_INTERVAL_MS: '0',
            LINK_CHECK_SWEEP_MS: '1000',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      ),
    );
  }
  const workers = children.slice(1);
  const cpuTicks = () => workers.reduce((sum, child) => sum + processCpuTicks(child.pid!), 0);
  let ticksAtStart = 0;
  let firstCheckAt = 0;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { checked } = (
      await sql<{
        checked: number;
      }>`select count(*)::int as checked from link_validation.links where validation_count > 0`.execute(db)
    ).rows[0]!;
    if (checked > 0 && firstCheckAt === 0) {
      firstCheckAt = performance.now();
      ticksAtStart = cpuTicks();
    }
    if (checked >= LINKS || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - firstCheckAt) / 1000;
  const ticks = cpuTicks() - ticksAtStart;
  const { checked, active } = (
    await sql<{
      checked: number;
      active: number;
    }>`select count(*) filter (where validation_count > 0)::int as checked, count(*) filter (where link_status = 'active')::int as active from link_validation.links`.execute(
      db,
    )
  ).rows[0]!;
  const bound = (HOSTS * CAP * 1000) / LATENCY_MS;
  const rate = checked / seconds;
  console.log(
    `\nLink-check workers: ${WORKERS} processes × ${CONCURRENCY} checks, ${HOSTS} hosts × cap ${CAP}, ${LATENCY_MS} ms latency, ${Math.round(PAGE_BYTES / 1024)} KB pages`,
  );
  console.table({
    workers: {
      links: checked,
      active,
      'seconds (first to last check)': seconds.toFixed(1),
      'checks/s': rate.toFixed(0),
      'politeness bound/s': bound,
      'share of bound': `${((rate / bound) * 100).toFixed(1)}%`,
      'CPU ms/check': ((ticks * 10) / checked).toFixed(2),
      'total time from start': ((performance.now() - started) / 1000).toFixed(1),
    },
  });
} finally {
  for (const child of children) child.kill(process.env.BENCH_PROFILE ? 'SIGINT' : 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, process.env.BENCH_PROFILE ? 3_000 : 0));
  await db.destroy();
  await redis.cleanup();
  await database.drop();
}

/** utime + stime of a process in clock ticks (100 per second on Linux). */
function processCpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
