/**
 * Link-check worker benchmark (README "Benchmarks of the checker and the worker"): the worker
 * against the check ceiling of this machine, on the same fake shop and page, in rounds that each
 * measure side by side, so the ratio holds however loaded the shared machine is. Worker processes
 * (npm run worker, each LINK_CHECK_CONCURRENCY checks at once) and the ceiling's loop processes
 * start first and are warmed up (a first worker round, not reported); each round then runs
 * 1. the ceiling (ceiling.ts: undici GET + page read alone, one loop per core, shop answering at once);
 * 2. the checker engine alone in the same loops (what the worker calls per check, without job,
 *    queue, politeness or database: the part of the gap that is the engine's, not the worker's);
 * 3. the workers checking every link of a throw-away database once more (all made due): 100 fake
 *    retailer hosts (each its own registrable domain) answering after 50 ms, a per-host cap of 2
 *    and no start interval.
 * Prints per round checks/s, CPU per check of every process involved (the checking processes, the
 * shop, the Redis server, the PostgreSQL backends of the bench database) and the load average
 * beside each, then the worker's share of the ceiling per round and its median. The politeness
 * bound is printed apart: it is what the per-host limits allow, not a CPU limit.
 * Loopback only, bounded. Run: npm run bench:worker -w @celebstyle/link-validation
 * (BENCH_LINKS 2000 a round, BENCH_ROUNDS 3, BENCH_WORKERS 2, BENCH_CONCURRENCY 100,
 * BENCH_CEILING_SECONDS 5, BENCH_PROFILE=1 writes CPU profiles of the workers to /tmp/prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createTestRedis } from '@celebstyle/queue';
import { Redis } from 'ioredis';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/index.ts';
import { startCeilingLoops, type CeilingFigures, type CeilingLoops } from './ceiling.ts';
import { countChecked, median, seedBenchLinks, startBenchShop } from './bench-links.ts';
import { cpuSince, loadAverage } from './process-cpu.ts';
import { postgresCpu, redisServerPid } from './server-cpu.ts';

const HOSTS = 100;
const CAP = 2;
const INTERVAL_MS = 0;
const LATENCY_MS = 50;
const LINKS = Number(process.env.BENCH_LINKS ?? '2000');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3');
const WORKERS = Number(process.env.BENCH_WORKERS ?? '2');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '100');
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? '5');
const PAGE_BYTES = Number(process.env.BENCH_PAGE_BYTES ?? String(30 * 1024));
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const workspace = fileURLToPath(new URL('..', import.meta.url));

const database = await createTestDatabase('lv_worker_bench');
const redis = await createTestRedis('lv-worker-bench');
const db = createDb<Database>({ connectionString: database.url, max: 4 });
const redisClient = new Redis(redis.url);
const children: ChildProcess[] = [];
const loopSets: CeilingLoops[] = [];

interface WorkerFigures {
  checks: number;
  checksPerSecond: number;
  workerMs: number;
  shopMs: number;
  redisMs: number;
  postgresMs: number;
  load: string;
}

function startWorkers(port: number): ChildProcess[] {
  return Array.from({ length: WORKERS }, () => {
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
    children.push(child);
    return child;
  });
}

/** Makes every link due and times the running workers until each is checked once more. */
async function measureWorkerRound(
  workers: readonly ChildProcess[],
  shopPid: number,
  round: number,
): Promise<WorkerFigures> {
  await db.updateTable('link_validation.links').set({ next_check_at: new Date() }).execute();
  const redisPid = await redisServerPid(redisClient);
  // Counted from the round's first recorded check (the sweep has to find the links first).
  let cpu: { workers: () => number; shop: () => number; redis: () => number } | null = null;
  const postgres = postgresCpu(db);
  let firstCheckAt = 0;
  const deadline = Date.now() + 10 * 60_000;
  let checked = 0;
  for (;;) {
    checked = await countChecked(db, round);
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
  return {
    checks: checked,
    checksPerSecond: checked / ((performance.now() - firstCheckAt) / 1000),
    workerMs: cpu!.workers() / checked,
    shopMs: cpu!.shop() / checked,
    redisMs: cpu!.redis() / checked,
    postgresMs: postgres.used() / checked,
    load: loadAverage(),
  };
}

try {
  await migrate(db);
  const { port, process: shop } = await startBenchShop({ latencyMs: LATENCY_MS, pageBytes: PAGE_BYTES });
  children.push(shop);
  // Links spread evenly over the hosts, each its own registrable domain.
  await seedBenchLinks(db, LINKS, (index) => `http://www.shop-${index % HOSTS}.test:${port}/p/${index}`);
  // Not due until a round makes them due: the workers start (and load their modules) first.
  await db
    .updateTable('link_validation.links')
    .set({ next_check_at: new Date(Date.now() + 86_400_000) })
    .execute();
  const workers = startWorkers(port);
  const target = { port, pid: shop.pid! };
  const ceilingLoops = await startCeilingLoops(target);
  const engineLoops = await startCeilingLoops(target, 'engine');
  loopSets.push(ceilingLoops, engineLoops);
  // A first round warms the workers up (compiled hot, connections open); it is not reported.
  await measureWorkerRound(workers, shop.pid!, 1);
  const table: Record<string, Record<string, string>> = {};
  const ceilingRow = (figures: CeilingFigures) => ({
    'checks/s': figures.checksPerSecond.toFixed(0),
    'CPU ms/check: checking processes': figures.loopMs.toFixed(2),
    shop: figures.shopMs.toFixed(2),
    'Redis server': '-',
    PostgreSQL: '-',
    'all counted': (figures.loopMs + figures.shopMs).toFixed(2),
    'load average': figures.load,
  });
  const shares: number[] = [];
  const cpuShares: number[] = [];
  const engineShares: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const ceiling = await ceilingLoops.measure(CEILING_SECONDS);
    const engine = await engineLoops.measure(CEILING_SECONDS);
    const worker = await measureWorkerRound(workers, shop.pid!, round + 1);
    const workerCpu = worker.workerMs + worker.shopMs + worker.redisMs + worker.postgresMs;
    shares.push(worker.checksPerSecond / ceiling.checksPerSecond);
    cpuShares.push((ceiling.loopMs + ceiling.shopMs) / workerCpu);
    engineShares.push(engine.checksPerSecond / ceiling.checksPerSecond);
    table[`${round}: ceiling`] = ceilingRow(ceiling);
    table[`${round}: engine alone`] = ceilingRow(engine);
    table[`${round}: worker`] = {
      'checks/s': worker.checksPerSecond.toFixed(0),
      'CPU ms/check: checking processes': worker.workerMs.toFixed(2),
      shop: worker.shopMs.toFixed(2),
      'Redis server': worker.redisMs.toFixed(2),
      PostgreSQL: worker.postgresMs.toFixed(2),
      'all counted': workerCpu.toFixed(2),
      'load average': worker.load,
    };
  }
  if (PROFILE) {
    for (const child of workers) child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  console.log(
    `\nThe worker against the check ceiling, ${ROUNDS} rounds, each measured side by side, ${Math.round(PAGE_BYTES / 1024)} KB pages from the same fake shop` +
      `\nworker: ${WORKERS} processes × ${CONCURRENCY} checks, ${LINKS} links a round, ${HOSTS} hosts × cap ${CAP}, ${LATENCY_MS} ms latency`,
  );
  console.table(table);
  // The politeness bound: hosts × min(in-flight cap ÷ check time, 1 ÷ start interval); a check
  // takes at least the shop's latency, and with no interval only the cap limits.
  const perHost = Math.min(CAP / (LATENCY_MS / 1000), INTERVAL_MS > 0 ? 1000 / INTERVAL_MS : Infinity);
  console.log(
    `worker ÷ ceiling, checks/s, per round: ${shares.map(percent).join(', ')}; median ${percent(median(shares))}` +
      `\nCPU per check, everything counted, ceiling ÷ worker: ${cpuShares.map(percent).join(', ')}; median ${percent(median(cpuShares))}` +
      `\nengine alone ÷ ceiling, checks/s: ${engineShares.map(percent).join(', ')}; median ${percent(median(engineShares))}` +
      `\npoliteness bound: ${HOSTS} hosts × min(${CAP} in flight ÷ ${LATENCY_MS} ms, 1 ÷ ${INTERVAL_MS || 'no'} interval) = ${(HOSTS * perHost).toFixed(0)} checks/s (not a CPU limit)`,
  );
} finally {
  for (const loops of loopSets) loops.close();
  for (const child of children) child.kill('SIGKILL');
  redisClient.disconnect();
  await db.destroy();
  await redis.cleanup();
  await database.drop();
}
