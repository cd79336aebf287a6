/**
 * Link-check worker benchmark (README "Benchmarks of the checker and the worker"): the worker
 * against the check ceiling of this machine, measured in one run on the same fake shop and page,
 * so the ratio holds however loaded the shared machine is. In order:
 * 1. the ceiling (ceiling.ts: undici GET + page read alone, one loop per core, shop answering at once);
 * 2. the checker engine alone in the same loops (what the worker calls per check, without job,
 *    queue, politeness or database: the part of the gap that is the engine's, not the worker's);
 * 3. worker processes (npm run worker, each LINK_CHECK_CONCURRENCY checks at once) checking every
 *    link of a throw-away database once: 100 fake retailer hosts (each its own registrable
 *    domain) answering after 50 ms, a per-host cap of 2 and no start interval;
 * 4. the ceiling again.
 * Prints checks/s of each, CPU per check of every process involved (the worker processes, the
 * shop, the Redis server, the PostgreSQL backends of the bench database) and the load average beside
 * each, then the worker's share of the ceiling (its checks/s against the mean of the two ceilings).
 * The politeness bound is printed apart: it is what the per-host limits allow, not a CPU limit.
 * Loopback only, bounded. Run: npm run bench:worker -w @celebstyle/link-validation
 * (BENCH_LINKS 6000, BENCH_WORKERS 2, BENCH_CONCURRENCY 100, BENCH_CEILING_SECONDS 10,
 * BENCH_PROFILE=1 writes CPU profiles of the workers to /tmp/prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createTestRedis } from '@celebstyle/queue';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/index.ts';
import { measureCeiling, type CeilingFigures } from './ceiling.ts';
import { cpuSince, loadAverage } from './process-cpu.ts';
import { postgresCpu, redisServerPid } from './server-cpu.ts';

const HOSTS = 100;
const CAP = 2;
const INTERVAL_MS = 0;
const LATENCY_MS = 50;
const LINKS = Number(process.env.BENCH_LINKS ?? '6000');
const WORKERS = Number(process.env.BENCH_WORKERS ?? '2');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '100');
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? '10');
const PAGE_BYTES = Number(process.env.BENCH_PAGE_BYTES ?? String(30 * 1024));
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const workspace = fileURLToPath(new URL('..', import.meta.url));

const database = await createTestDatabase('lv_worker_bench');
const redis = await createTestRedis('lv-worker-bench');
const db = createDb<Database>({ connectionString: database.url, max: 4 });
const redisClient = new Redis(redis.url);
const children: ChildProcess[] = [];

async function seedLinks(port: number): Promise<void> {
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
}

const countChecked = async () =>
  (
    await sql<{
      checked: number;
      active: number;
    }>`select count(*) filter (where validation_count > 0)::int as checked, count(*) filter (where link_status = 'active')::int as active from link_validation.links`.execute(
      db,
    )
  ).rows[0]!;

interface WorkerFigures {
  checks: number;
  active: number;
  checksPerSecond: number;
  workerMs: number;
  shopMs: number;
  redisMs: number;
  postgresMs: number;
  load: string;
}

async function measureWorkers(port: number, shopPid: number): Promise<WorkerFigures> {
  const workers: ChildProcess[] = [];
  for (let index = 0; index < WORKERS; index += 1) {
    const child = spawn(
      process.execPath,
      [...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'src/worker.ts'],
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
          LINK_CHECK_HOST_INTERVAL_MS: String(INTERVAL_MS),
          LINK_CHECK_SWEEP_MS: '1000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    workers.push(child);
    children.push(child);
  }
  const redisPid = await redisServerPid(redisClient);
  // Counted from the first recorded check (start-up and module loading are not a check's cost).
  let cpu: { workers: () => number; shop: () => number; redis: () => number } | null = null;
  const postgres = postgresCpu(db);
  let firstCheckAt = 0;
  const deadline = Date.now() + 10 * 60_000;
  let checked = 0;
  for (;;) {
    ({ checked } = await countChecked());
    if (checked > 0 && cpu === null) {
      firstCheckAt = performance.now();
      await postgres.sample();
      cpu = {
        workers: cpuSince(workers.map((child) => child.pid!)),
        shop: cpuSince([shopPid]),
        redis: cpuSince([redisPid]),
      };
    } else if (cpu) await postgres.sample();
    if (checked >= LINKS || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = (performance.now() - firstCheckAt) / 1000;
  const figures = {
    workerMs: cpu!.workers() / checked,
    shopMs: cpu!.shop() / checked,
    redisMs: cpu!.redis() / checked,
    postgresMs: postgres.used() / checked,
    load: loadAverage(),
  };
  for (const child of workers) child.kill(PROFILE ? 'SIGINT' : 'SIGKILL');
  if (PROFILE) await new Promise((resolve) => setTimeout(resolve, 3_000));
  const { active } = await countChecked();
  return { checks: checked, active, checksPerSecond: checked / seconds, ...figures };
}

try {
  await migrate(db);
  const shop = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-farm.ts'], {
    cwd: workspace,
    env: { ...process.env, LATENCY_MS: String(LATENCY_MS), PAGE_BYTES: String(PAGE_BYTES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(shop);
  const [portLine] = (await once(shop.stdout!, 'data')) as [Buffer];
  const port = Number(portLine.toString().trim());
  await seedLinks(port);

  const target = { port, pid: shop.pid! };
  const before = await measureCeiling(target, CEILING_SECONDS);
  const engine = await measureCeiling(target, CEILING_SECONDS, 'engine');
  const worker = await measureWorkers(port, shop.pid!);
  const after = await measureCeiling(target, CEILING_SECONDS);

  const ceilingRow = (figures: CeilingFigures) => ({
    'checks/s': figures.checksPerSecond.toFixed(0),
    'CPU ms/check: checking processes': figures.loopMs.toFixed(2),
    shop: figures.shopMs.toFixed(2),
    'Redis server': '-',
    PostgreSQL: '-',
    'all counted': (figures.loopMs + figures.shopMs).toFixed(2),
    'load average': figures.load,
  });
  const ceilingRate = (before.checksPerSecond + after.checksPerSecond) / 2;
  const ceilingCpu = (before.loopMs + before.shopMs + after.loopMs + after.shopMs) / 2;
  const workerCpu = worker.workerMs + worker.shopMs + worker.redisMs + worker.postgresMs;
  console.log(
    `\nThe worker against the check ceiling, one run, ${Math.round(PAGE_BYTES / 1024)} KB pages from the same fake shop` +
      `\nworker: ${WORKERS} processes × ${CONCURRENCY} checks, ${worker.checks} links (${worker.active} active), ${HOSTS} hosts × cap ${CAP}, ${LATENCY_MS} ms latency`,
  );
  console.table({
    'ceiling, before': ceilingRow(before),
    'engine alone': ceilingRow(engine),
    worker: {
      'checks/s': worker.checksPerSecond.toFixed(0),
      'CPU ms/check: checking processes': worker.workerMs.toFixed(2),
      shop: worker.shopMs.toFixed(2),
      'Redis server': worker.redisMs.toFixed(2),
      PostgreSQL: worker.postgresMs.toFixed(2),
      'all counted': workerCpu.toFixed(2),
      'load average': worker.load,
    },
    'ceiling, after': ceilingRow(after),
  });
  // The politeness bound: hosts × min(in-flight cap ÷ check time, 1 ÷ start interval); a check
  // takes at least the shop's latency, and with no interval only the cap limits.
  const perHost = Math.min(CAP / (LATENCY_MS / 1000), INTERVAL_MS > 0 ? 1000 / INTERVAL_MS : Infinity);
  console.log(
    `worker ÷ ceiling, checks/s: ${((worker.checksPerSecond / ceilingRate) * 100).toFixed(0)}%` +
      ` (CPU per check, everything counted: ceiling ÷ worker ${((ceilingCpu / workerCpu) * 100).toFixed(0)}%)` +
      `\nengine alone ÷ ceiling, checks/s: ${((engine.checksPerSecond / ceilingRate) * 100).toFixed(0)}%` +
      `\npoliteness bound: ${HOSTS} hosts × min(${CAP} in flight ÷ ${LATENCY_MS} ms, 1 ÷ ${INTERVAL_MS || 'no'} interval) = ${(HOSTS * perHost).toFixed(0)} checks/s (not a CPU limit)`,
  );
} finally {
  for (const child of children) child.kill('SIGKILL');
  redisClient.disconnect();
  await db.destroy();
  await redis.cleanup();
  await database.drop();
}
