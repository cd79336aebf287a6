/**
 * Link-check worker benchmark (README "Benchmarks of the checker and the worker"): the worker
 * against the check ceiling of this machine, on the same fake shop and page, measured in turns a
 * few seconds apart, so the ratio holds however the shared machine's speed drifts. Worker processes
 * (npm run worker, each LINK_CHECK_CONCURRENCY checks at once) and the ceiling's loop processes
 * start first and are warmed up (a first worker round, not reported); in each round every link is
 * made due and, once the workers have checked a tenth of them, these take turns until nine tenths
 * are checked, SLICE_SECONDS each, everything else stopped meanwhile:
 * 1. the ceiling (ceiling.ts: undici GET + page read alone, one loop per core, shop answering at once);
 * 2. the checker engine alone in the same loops (what the worker calls per check, without job,
 *    queue, politeness or database: the part of the gap that is the engine's, not the worker's);
 * 3. the workers (SIGCONT, then SIGSTOP: they work through the backlog, as a worker runs all day)
 *    checking links of a throw-away database: 100 fake retailer hosts (each its own registrable
 *    domain) answering after 50 ms, a per-host cap of 2 and no start interval.
 * Prints per round, summed over its slices, checks/s and CPU per check of every process involved
 * (the checking processes, the shop, the Redis server, the PostgreSQL backends of the bench
 * database) and the load average, then the worker's share of the ceiling per round and its median.
 * Per round it also prints what a recorded check cost in traffic during the worker's slices: Redis
 * commands by name (INFO commandstats of the shared server, commands run inside scripts included),
 * PostgreSQL commits, and connections the shop accepted.
 * The politeness bound is printed apart: it is what the per-host limits allow, not a CPU limit.
 * Loopback only, bounded. Run: npm run bench:worker -w @celebstyle/link-validation
 * (BENCH_LINKS 10000 a round, BENCH_ROUNDS 3, BENCH_WORKERS 2, BENCH_CONCURRENCY 100,
 * BENCH_SLICE_SECONDS 1.5, BENCH_HOST_CAP 2 checks in flight per host, BENCH_SWEEP_MS 1000 between
 * due sweeps (the product's default is 30 s; 1 s starts each round sooner), BENCH_WORKER_NODE_FLAGS
 * extra Node flags for the workers (e.g. GC settings), BENCH_WORKER_STDOUT=1 shows the workers'
 * stdout (e.g. --trace-gc), BENCH_PROFILE=1 writes CPU profiles of the workers to /tmp/prof: a
 * stopped worker's profile puts the whole stop in the one sample taken when it stopped, so drop
 * samples longer than a few milliseconds before summing).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createTestRedis } from '@celebstyle/queue';
import { Redis } from 'ioredis';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/index.ts';
import { startCeilingLoops, type CeilingLoops } from './ceiling.ts';
import { countChecked, seedBenchLinks, setAllDue, startBenchShop } from './bench-links.ts';
import { median } from './median.ts';
import { cpuSince, loadAverage } from './process-cpu.ts';
import { postgresCommits, postgresCpu, redisCommandCalls, redisServerPid } from './server-cpu.ts';

const HOSTS = 100;
const CAP = Number(process.env.BENCH_HOST_CAP ?? '2');
const INTERVAL_MS = 0;
const LATENCY_MS = 50;
const LINKS = Number(process.env.BENCH_LINKS ?? '10000');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3');
const WORKERS = Number(process.env.BENCH_WORKERS ?? '2');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '100');
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? '1.5');
const PAGE_BYTES = Number(process.env.BENCH_PAGE_BYTES ?? String(30 * 1024));
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const workspace = fileURLToPath(new URL('..', import.meta.url));

const database = await createTestDatabase('lv_worker_bench');
const redis = await createTestRedis('lv-worker-bench');
// One connection: the PostgreSQL CPU counted is every backend of the bench database but this one.
const db = createDb<Database>({ connectionString: database.url, max: 1 });
const redisClient = new Redis(redis.url);
const children: ChildProcess[] = [];
const loopSets: CeilingLoops[] = [];

function startWorkers(port: number): ChildProcess[] {
  return Array.from({ length: WORKERS }, () => {
    const child = spawn(
      process.execPath,
      [
        ...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
        ...(process.env.BENCH_WORKER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
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
          LINK_CHECK_HOST_INTERVAL_MS: String(INTERVAL_MS),
          LINK_CHECK_SWEEP_MS: process.env.BENCH_SWEEP_MS ?? '1000',
        },
        stdio: ['ignore', process.env.BENCH_WORKER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
      },
    );
    children.push(child);
    return child;
  });
}

/** Share of a round's links checked before its slices start, and past which no slice starts. */
const WINDOW = { from: 0.1, to: 0.9 };
const POLL_MS = 100;
/** A worker process stopped (SIGSTOP) gets this long for its last writes to land before a count. */
const SETTLE_MS = 150;

async function waitForChecked(round: number, atLeast: number): Promise<number> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const checked = await countChecked(db, round);
    if (checked >= atLeast) return checked;
    if (Date.now() > deadline)
      throw new Error(`round ${round}: the workers did not get through the links in time`);
    await sleep(POLL_MS);
  }
}

/** Connections the bench shop has accepted so far (its own count; this request's one included). */
async function shopConnections(port: number): Promise<number> {
  return Number(await (await fetch(`http://127.0.0.1:${port}/connections`)).text());
}

const signalAll = (workers: readonly ChildProcess[], signal: 'SIGSTOP' | 'SIGCONT') => {
  for (const child of workers) child.kill(signal);
};

/** Sums of the slices of one kind: checks, seconds, and CPU ms of each process counted. */
interface SliceSums {
  checks: number;
  seconds: number;
  loopMs: number;
  shopMs: number;
  redisMs: number;
  postgresMs: number;
  /** Redis commands answered meanwhile, by name (every client of the shared server). */
  redisCalls: Map<string, number>;
  postgresCommits: number;
  /** Connections the shop accepted meanwhile. */
  shopConnections: number;
}
const rate = (sums: SliceSums) => sums.checks / sums.seconds;
/** CPU of every process counted, summed over the slices. */
const countedMs = (sums: SliceSums) => sums.loopMs + sums.shopMs + sums.redisMs + sums.postgresMs;
const noSlices = (): SliceSums => ({
  checks: 0,
  seconds: 0,
  loopMs: 0,
  shopMs: 0,
  redisMs: 0,
  postgresMs: 0,
  redisCalls: new Map(),
  postgresCommits: 0,
  shopConnections: 0,
});

/**
 * One worker slice: the stopped workers are let go (SIGCONT) for `seconds`, stopped again, and the
 * checks they recorded meanwhile counted, with the CPU of the workers, the shop, the Redis server
 * and the bench database's PostgreSQL backends over the slice.
 */
async function workerSlice(
  workers: readonly ChildProcess[],
  shopPid: number,
  shopPort: number,
  redisPid: number,
  round: number,
  seconds: number,
  sums: SliceSums,
): Promise<number> {
  const before = await countChecked(db, round);
  const callsBefore = await redisCommandCalls(redisClient);
  const commitsBefore = await postgresCommits(db);
  const connectionsBefore = await shopConnections(shopPort);
  const postgres = postgresCpu(db);
  await postgres.sample();
  const cpu = {
    workers: cpuSince(workers.map((child) => child.pid!)),
    shop: cpuSince([shopPid]),
    redis: cpuSince([redisPid]),
  };
  const startedAt = performance.now();
  signalAll(workers, 'SIGCONT');
  await sleep(seconds * 1000);
  signalAll(workers, 'SIGSTOP');
  const elapsed = (performance.now() - startedAt) / 1000;
  await sleep(SETTLE_MS);
  const after = await countChecked(db, round);
  await postgres.sample();
  sums.checks += after - before;
  sums.seconds += elapsed;
  sums.loopMs += cpu.workers();
  sums.shopMs += cpu.shop();
  sums.redisMs += cpu.redis();
  sums.postgresMs += postgres.used();
  for (const [name, calls] of await redisCommandCalls(redisClient))
    sums.redisCalls.set(name, (sums.redisCalls.get(name) ?? 0) + calls - (callsBefore.get(name) ?? 0));
  sums.postgresCommits += (await postgresCommits(db)) - commitsBefore;
  sums.shopConnections += (await shopConnections(shopPort)) - connectionsBefore - 1;
  return after;
}

/** A slice of the ceiling's (or the engine's) loops, added to `sums`. */
async function loopSlice(loops: CeilingLoops, seconds: number, sums: SliceSums): Promise<void> {
  const { checks, seconds: measured, loopMs, shopMs } = await loops.measure(seconds);
  sums.checks += checks;
  sums.seconds += measured;
  sums.loopMs += loopMs * checks;
  sums.shopMs += shopMs * checks;
}

/**
 * One round: every link made due and the workers started on that backlog; once a tenth is checked
 * they are stopped (SIGSTOP), and then slices of the ceiling, the engine alone and the workers take
 * turns, SLICE_SECONDS each, until nine tenths of the links are checked. A shared machine's speed
 * drifts over seconds to minutes; slices a few seconds apart see the same machine, where one window
 * of each, a quarter of a minute apart, did not (the same code measured 40% and 67% of the ceiling
 * in two runs). Then the workers finish the backlog, so that the next round starts from none due.
 */
async function measureRound(
  workers: readonly ChildProcess[],
  loops: { ceiling: CeilingLoops; engine: CeilingLoops },
  shop: { pid: number; port: number },
  round: number,
): Promise<{ ceiling: SliceSums; engine: SliceSums; worker: SliceSums; load: string }> {
  const redisPid = await redisServerPid(redisClient);
  const sums = { ceiling: noSlices(), engine: noSlices(), worker: noSlices() };
  await setAllDue(db, new Date());
  await waitForChecked(round, LINKS * WINDOW.from);
  signalAll(workers, 'SIGSTOP');
  try {
    await sleep(SETTLE_MS);
    let checked = 0;
    while (checked < LINKS * WINDOW.to) {
      await loopSlice(loops.ceiling, SLICE_SECONDS, sums.ceiling);
      await loopSlice(loops.engine, SLICE_SECONDS, sums.engine);
      checked = await workerSlice(workers, shop.pid, shop.port, redisPid, round, SLICE_SECONDS, sums.worker);
    }
  } finally {
    signalAll(workers, 'SIGCONT');
  }
  await waitForChecked(round, LINKS);
  return { ...sums, load: loadAverage() };
}

try {
  await migrate(db);
  const { port, process: shop } = await startBenchShop({ latencyMs: LATENCY_MS, pageBytes: PAGE_BYTES });
  children.push(shop);
  // Links spread evenly over the hosts, each its own registrable domain.
  await seedBenchLinks(db, LINKS, (index) => `http://www.shop-${index % HOSTS}.test:${port}/p/${index}`);
  // Not due until a round makes them due: the workers start (and load their modules) first.
  await setAllDue(db, new Date(Date.now() + 86_400_000));
  const workers = startWorkers(port);
  const target = { port, pid: shop.pid! };
  const ceilingLoops = await startCeilingLoops(target);
  const engineLoops = await startCeilingLoops(target, 'engine');
  loopSets.push(ceilingLoops, engineLoops);
  // A first round warms the workers up (compiled hot, connections open); it is not reported.
  await setAllDue(db, new Date());
  await waitForChecked(1, LINKS);
  const table: Record<string, Record<string, string>> = {};
  const perCheck = (ms: number, sums: SliceSums) => (ms / sums.checks).toFixed(2);
  /** A row of the table; the loops use neither Redis nor PostgreSQL. */
  const row = (sums: SliceSums, load: string, usesServers: boolean) => ({
    'checks/s': rate(sums).toFixed(0),
    'CPU ms/check: checking processes': perCheck(sums.loopMs, sums),
    shop: perCheck(sums.shopMs, sums),
    'Redis server': usesServers ? perCheck(sums.redisMs, sums) : '-',
    PostgreSQL: usesServers ? perCheck(sums.postgresMs, sums) : '-',
    'all counted': perCheck(countedMs(sums), sums),
    'seconds measured': sums.seconds.toFixed(1),
    'load average': load,
  });
  const shares: number[] = [];
  const cpuShares: number[] = [];
  const engineShares: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const { ceiling, engine, worker, load } = await measureRound(
      workers,
      { ceiling: ceilingLoops, engine: engineLoops },
      { pid: shop.pid!, port },
      round + 1,
    );
    const cpuPerCheck = (sums: SliceSums) => countedMs(sums) / sums.checks;
    shares.push(rate(worker) / rate(ceiling));
    cpuShares.push(cpuPerCheck(ceiling) / cpuPerCheck(worker));
    engineShares.push(rate(engine) / rate(ceiling));
    table[`${round}: ceiling`] = row(ceiling, load, false);
    table[`${round}: engine alone`] = row(engine, load, false);
    table[`${round}: worker`] = row(worker, load, true);
    const perCheckCalls = [...worker.redisCalls]
      .filter(([, calls]) => calls / worker.checks >= 0.01)
      .sort((a, b) => b[1] - a[1])
      .map(([name, calls]) => `${name} ${(calls / worker.checks).toFixed(2)}`);
    console.log(
      `round ${round}, per check recorded: Redis ${perCheckCalls.join(', ')}; PostgreSQL commits ${(worker.postgresCommits / worker.checks).toFixed(2)}; shop connections ${(worker.shopConnections / worker.checks).toFixed(3)}`,
    );
  }
  if (PROFILE) {
    for (const child of workers) child.kill('SIGINT');
    await sleep(3_000);
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
