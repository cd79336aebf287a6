/**
 * The ceiling of checks per second on this machine alone (README "Benchmarks of the checker and
 * the worker"; ceiling.ts): one loop process per core GETs the 30 KB page from the fake shop on
 * loopback, answered at once, and reads it with the checker's page reader. Prints checks/s, CPU
 * per check of the loops and of the shop, and the ceiling they imply on all cores. The worker
 * benchmark (worker-bench.ts) measures this ceiling beside the worker in the same run.
 * Run: npm run bench:ceiling -w @celebstyle/link-validation (BENCH_SECONDS, default 15)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startCeilingLoops } from './ceiling.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? '15');
const PAGE_BYTES = 30 * 1024;

const shop = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./bench-farm.ts', import.meta.url))],
  { env: { ...process.env, PAGE_BYTES: String(PAGE_BYTES) }, stdio: ['ignore', 'pipe', 'inherit'] },
);
try {
  const [portLine] = (await once(shop.stdout, 'data')) as [Buffer];
  const cores = os.availableParallelism();
  const loops = await startCeilingLoops({ port: Number(portLine.toString().trim()), pid: shop.pid! });
  const ceiling = await loops.measure(SECONDS);
  loops.close();
  console.log(
    `\nCheck ceiling: ${cores} loop processes, ${PAGE_BYTES / 1024} KB page, shop answering at once, load average ${ceiling.load}`,
  );
  console.table({
    ceiling: {
      'checks/s measured': ceiling.checksPerSecond.toFixed(0),
      'CPU ms/check (GET + read)': ceiling.loopMs.toFixed(2),
      'CPU ms/answer (fake shop)': ceiling.shopMs.toFixed(2),
      [`checks/s on ${cores} cores, both counted`]: (
        (cores * 1000) /
        (ceiling.loopMs + ceiling.shopMs)
      ).toFixed(0),
      'checks/s without the shop': ((cores * 1000) / ceiling.loopMs).toFixed(0),
      'load average': ceiling.load,
    },
  });
} finally {
  shop.kill('SIGKILL');
}
