/**
 * Link checker engine benchmark (README "Benchmark"): checks per second against a local fake
 * retailer with 50 ms latency, CPU per check, p50/p99 time per check, and memory with 20 checks in
 * flight on 2.5 MB pages. Loopback only; bounded in count. Run: npm run bench -w @celebstyle/link-validation
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { pinKey } from '../src/modules/link-check-engine/host-pins.ts';
import { createLinkChecker } from '../src/modules/link-check-engine/link-checker.ts';

const CHECKS = Number(process.env.BENCH_CHECKS ?? '2000');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '50');
const HUGE_CHECKS = Number(process.env.BENCH_HUGE_CHECKS ?? '100');
const HUGE_IN_FLIGHT = 20;
const HOSTS = 20;

const farm = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./bench-farm.ts', import.meta.url))],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [portLine] = (await once(farm.stdout, 'data')) as [Buffer];
const port = Number(portLine.toString().trim());
const hosts = Array.from({ length: HOSTS }, (_, index) => `shop-${index}.bench.test`);
const checker = createLinkChecker({ pins: new Map(hosts.map((host) => [pinKey(host, port), '127.0.0.1'])) });

async function runChecks(total: number, inFlight: number, path: (index: number) => string) {
  const times: number[] = [];
  const statuses = new Map<string, number>();
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        const index = next++;
        const result = await checker.check(`http://${hosts[index % HOSTS]}:${port}${path(index)}`);
        times.push(result.responseTime);
        statuses.set(result.linkStatus, (statuses.get(result.linkStatus) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return {
    checksPerSecond: total / seconds,
    cpuMsPerCheck: (cpu.user + cpu.system) / 1000 / total,
    p50: percentile(50),
    p99: percentile(99),
    statuses: Object.fromEntries(statuses),
  };
}

function sampleMemory() {
  let peakRss = 0;
  let peakHeap = 0;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed + usage.arrayBuffers);
  }, 10);
  return () => {
    clearInterval(timer);
    return { peakRss, peakHeap };
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
try {
  await runChecks(200, CONCURRENCY, (index) => `/p/warm-${index}`);
  const typical = await runChecks(CHECKS, CONCURRENCY, (index) => `/p/${index}`);
  globalThis.gc?.();
  const baseline = process.memoryUsage();
  const stop = sampleMemory();
  const huge = await runChecks(HUGE_CHECKS, HUGE_IN_FLIGHT, (index) => `/huge/${index}`);
  const memory = stop();

  console.log(
    `\nLink checker engine, ${CHECKS} checks of a 150 KB product page, ${CONCURRENCY} in flight, 50 ms server latency`,
  );
  console.table({
    'typical page': {
      'checks/s': typical.checksPerSecond.toFixed(0),
      'CPU ms/check': typical.cpuMsPerCheck.toFixed(2),
      'p50 ms': typical.p50,
      'p99 ms': typical.p99,
      statuses: JSON.stringify(typical.statuses),
    },
    '2.5 MB page, 20 in flight': {
      'checks/s': huge.checksPerSecond.toFixed(1),
      'CPU ms/check': huge.cpuMsPerCheck.toFixed(1),
      'p50 ms': huge.p50,
      'p99 ms': huge.p99,
      statuses: JSON.stringify(huge.statuses),
    },
  });
  console.log(
    `Memory with ${HUGE_IN_FLIGHT} checks of 2.5 MB pages in flight: peak RSS ${mb(memory.peakRss)} (baseline ${mb(baseline.rss)}), peak heap + buffers ${mb(memory.peakHeap)} (baseline ${mb(baseline.heapUsed + baseline.arrayBuffers)})`,
  );
} finally {
  await checker.close();
  farm.kill();
}
