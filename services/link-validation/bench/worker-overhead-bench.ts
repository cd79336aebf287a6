/**
 * The worker's own work per check (README "Benchmarks of the checker and the worker"): one worker
 * in this process (startLinkValidationWorker, as src/worker.ts starts it, metrics included) over a
 * throw-away database and Redis prefix, 100 hosts × cap 2. Each round makes every link due and
 * times the worker until each is recorded once more; prints CPU per check of this process, of the
 * Redis server and of the PostgreSQL backends, and the load average.
 * - default: the checker answers a fixed active verdict after LATENCY_MS, so the figure is the job,
 *   queue, politeness, database and metrics work a check costs beyond the engine;
 * - BENCH_ENGINE=1: the real checker engine against the fake shop (bench-farm.ts, 30 KB pages after
 *   LATENCY_MS), and before each worker round the same engine alone in this process with as many
 *   checks in flight over the same hosts: the difference is what the worker adds, measured side by
 *   side in one process (steadier than bench:worker's comparison across processes).
 * Loopback only, bounded. Run: npm run bench:worker-overhead -w @celebstyle/link-validation
 * (BENCH_LINKS 2000 a round, BENCH_ROUNDS 5, BENCH_CONCURRENCY 100, BENCH_ENGINE).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@celebstyle/db';
import { createTestRedis, createWorkerConnection } from '@celebstyle/queue';
import { createMetricsRegistry } from '@celebstyle/service-kit';
import pino from 'pino';
import { connectDb } from '../src/db/connect.ts';
import { migrate } from '../src/index.ts';
import { createLinkCheckMetrics } from '../src/modules/check-jobs/link-check-metrics.ts';
import { startLinkValidationWorker } from '../src/modules/check-jobs/link-validation-worker.ts';
import type { LinkCheckResult } from '../src/modules/link-check-engine/link-check-result.ts';
import { parsePins } from '../src/modules/link-check-engine/host-pins.ts';
import { createLinkChecker, type LinkChecker } from '../src/modules/link-check-engine/link-checker.ts';
import { countChecked, seedBenchLinks, setAllDue, startBenchShop } from './bench-links.ts';
import { median } from './median.ts';
import { cpuSince, loadAverage } from './process-cpu.ts';
import { postgresCpu, redisServerPid } from './server-cpu.ts';

const HOSTS = 100;
const CAP = 2;
const LATENCY_MS = 50;
const LINKS = Number(process.env.BENCH_LINKS ?? '2000');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '5');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '100');
const ENGINE = Boolean(process.env.BENCH_ENGINE);
/** With a sweep interval, the due sweep runs on its job scheduler as in bench:worker; else once a round. */
const SWEEP_MS = Number(process.env.BENCH_SWEEP_MS ?? '0');

/** A checker that takes LATENCY_MS and finds every page active, in stock, at one price. */
const cannedChecker: LinkChecker = {
  async check(url): Promise<LinkCheckResult> {
    await sleep(LATENCY_MS);
    return {
      url,
      linkStatus: 'active',
      httpStatus: 200,
      finalUrl: url,
      redirectChain: [],
      retailer: 'Bench Shop',
      retailerDomain: new URL(url).hostname.replace(/^www\./, ''),
      confidence: 0.95,
      stockStatus: 'in_stock',
      price: 129,
      currency: 'USD',
      responseTime: LATENCY_MS,
      errorMessage: null,
      retryAfterSeconds: null,
    };
  },
  async close() {},
};

/** The engine alone: `count` checks of the links' addresses, CONCURRENCY at once, in this process. */
async function engineAlone(checker: LinkChecker, urls: readonly string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const result = await checker.check(urls[next++]!);
        if (result.linkStatus !== 'active') throw new Error(`the bench page reads as ${result.linkStatus}`);
      }
    }),
  );
}

const shop = ENGINE ? await startBenchShop({ latencyMs: LATENCY_MS, pageBytes: 30 * 1024 }) : null;
const linkUrl = (index: number) =>
  `http://www.shop-${index % HOSTS}.test${shop ? `:${shop.port}` : ''}/p/${index}`;
const database = await createTestDatabase('lv_worker_overhead');
const redis = await createTestRedis('lv-worker-overhead');
const db = connectDb(database.url, { max: 10 });
const connections = [
  createWorkerConnection(redis.url),
  createWorkerConnection(redis.url),
  createWorkerConnection(redis.url, { enableAutoPipelining: true }),
] as const;
const [workerConnection, queueConnection, slotConnection] = connections;

try {
  const newEngine = () =>
    createLinkChecker({ pins: parsePins(`*.test:${shop!.port}:127.0.0.1`), pinnedOnly: true });
  const checker = shop ? newEngine() : cannedChecker;
  const alone = shop ? newEngine() : null;
  const urls = Array.from({ length: LINKS }, (_, index) => linkUrl(index));
  await migrate(db);
  await seedBenchLinks(db, LINKS, linkUrl);
  const worker = await startLinkValidationWorker({
    db,
    workerConnection,
    queueConnection,
    slotConnection,
    prefix: redis.prefix,
    checker,
    log: pino({ level: 'error' }),
    concurrency: CONCURRENCY,
    politeness: { maxInFlight: CAP, minIntervalMs: 0, leaseMs: 40_000 },
    sweepEveryMs: SWEEP_MS || 1_000,
    schedule: SWEEP_MS > 0,
    metrics: createLinkCheckMetrics(createMetricsRegistry('link-validation-worker')),
  });
  const redisPid = await redisServerPid(workerConnection);
  const table: Record<string, Record<string, string>> = {};
  const own: number[] = [];
  // Round 0 warms the worker up (compiled hot, connections open); it is not reported.
  const engineOwn: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    if (alone) {
      const engineStart = process.cpuUsage();
      const engineStartedAt = performance.now();
      await engineAlone(alone, urls);
      const cpu = process.cpuUsage(engineStart);
      const seconds = (performance.now() - engineStartedAt) / 1000;
      if (round > 0) {
        engineOwn.push((cpu.user + cpu.system) / 1000 / LINKS);
        table[`round ${round}: engine alone`] = {
          'checks/s': (LINKS / seconds).toFixed(0),
          'CPU ms/check: this process': engineOwn.at(-1)!.toFixed(3),
          'Redis server': '-',
          PostgreSQL: '-',
          'load average': loadAverage(),
        };
      }
    }
    await setAllDue(db, new Date());
    const postgres = postgresCpu(db);
    await postgres.sample();
    const startedAt = performance.now();
    const cpuAtStart = process.cpuUsage();
    const redisCpu = cpuSince([redisPid]);
    if (SWEEP_MS === 0) await worker.enqueueDue();
    while ((await countChecked(db, round + 1)) < LINKS) {
      await postgres.sample();
      await sleep(100);
    }
    const cpu = process.cpuUsage(cpuAtStart);
    const seconds = (performance.now() - startedAt) / 1000;
    await postgres.sample();
    if (round === 0) continue;
    const ownMs = (cpu.user + cpu.system) / 1000 / LINKS;
    own.push(ownMs);
    table[`round ${round}: worker`] = {
      'checks/s': (LINKS / seconds).toFixed(0),
      'CPU ms/check: this process': ownMs.toFixed(3),
      'Redis server': (redisCpu() / LINKS).toFixed(3),
      PostgreSQL: (postgres.used() / LINKS).toFixed(3),
      'load average': loadAverage(),
    };
  }
  await worker.close();
  await alone?.close();
  const engine = ENGINE
    ? `the checker engine on ${LATENCY_MS} ms 30 KB pages`
    : `a ${LATENCY_MS} ms canned verdict`;
  console.log(
    `\nThe worker's work per check, ${engine}: ${LINKS} links a round, ${HOSTS} hosts × cap ${CAP}, ${CONCURRENCY} checks at once`,
  );
  console.table(table);
  console.log(`worker process CPU per check, median of ${ROUNDS} rounds: ${median(own).toFixed(3)} ms`);
  if (ENGINE) {
    const added = own.map((ms, index) => ms - engineOwn[index]!);
    console.log(
      `engine alone, median: ${median(engineOwn).toFixed(3)} ms; the worker adds, per round: ${added.map((ms) => ms.toFixed(3)).join(', ')}; median ${median(added).toFixed(3)} ms`,
    );
  }
} finally {
  shop?.process.kill('SIGKILL');
  for (const connection of connections) connection.disconnect();
  await db.destroy();
  await redis.cleanup();
  await database.drop();
}
