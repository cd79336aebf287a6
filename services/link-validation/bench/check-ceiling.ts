/**
 * The ceiling of checks per second on this machine (README "Benchmarks of the checker and the
 * worker"): the least work a check must do — an undici GET of the worker benchmark's 30 KB page
 * from the fake shop on loopback, and one read of it by the checker's page reader (decode, parse,
 * walk, judge) — in one loop process per core, with the fake shop answering at once. No database,
 * no queue, no politeness, no redirects or SSRF checks: no worker design can check faster than
 * this. Prints checks/s, CPU per check of the loops and of the shop, and the ceiling they imply on
 * all cores, against 90% of the politeness bound of the worker benchmark (3,600 checks/s).
 * Run: npm run bench:ceiling -w @celebstyle/link-validation (BENCH_SECONDS, default 15)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { decodeHtml } from '../src/modules/checker/decode-html.ts';
import { judgePage } from '../src/modules/checker/judge-page.ts';
import { readPage } from '../src/modules/checker/page/read-page.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? '15');
const IN_FLIGHT = 8;
const PAGE_BYTES = 30 * 1024;
const TARGET = 3_600;

if (process.argv[2] === '--loop') {
  // One loop process: GET and read pages until told to stop, then report the count.
  const port = Number(process.argv[3]);
  const agent = new Agent({ connections: IN_FLIGHT, keepAliveTimeout: 10_000 });
  let checks = 0;
  let running = true;
  process.on('message', (message) => {
    if (message === 'stop') running = false;
    else process.send!({ checks });
  });
  const finalUrl = new URL(`http://shop.test:${port}/p/1`);
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      while (running) {
        const answer = await request(`http://127.0.0.1:${port}/p/${lane}`, { dispatcher: agent });
        const html = decodeHtml(Buffer.from(await answer.body.arrayBuffer()), 'text/html; charset=utf-8');
        const verdict = judgePage(
          readPage(html, { finalUrl, originalUrl: finalUrl, headers: answer.headers }),
        );
        if (verdict.linkStatus !== 'active') throw new Error(`the bench page reads as ${verdict.linkStatus}`);
        checks += 1;
      }
    }),
  );
  await agent.close();
  process.exit(0);
}

/** utime + stime of a process in clock ticks (100 per second on Linux). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const here = fileURLToPath(import.meta.url);
const farm = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./bench-farm.ts', import.meta.url))],
  {
    env: { ...process.env, LATENCY_MS: '0', PAGE_BYTES: String(PAGE_BYTES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const children: ChildProcess[] = [farm];
try {
  const [portLine] = (await once(farm.stdout, 'data')) as [Buffer];
  const port = Number(portLine.toString().trim());
  const cores = os.availableParallelism();
  const loops = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['--import', 'tsx', here, '--loop', String(port)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  children.push(...loops);
  // Warm-up (module loading, JIT), then measure.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const loopTicks = () => loops.reduce((sum, loop) => sum + cpuTicks(loop.pid!), 0);
  const farmStart = cpuTicks(farm.pid!);
  const loopStart = loopTicks();
  const count = async () => {
    const answers = loops.map((loop) => once(loop, 'message') as Promise<[{ checks: number }]>);
    for (const loop of loops) loop.send('count');
    return (await Promise.all(answers)).reduce((sum, [{ checks }]) => sum + checks, 0);
  };
  const checksAtStart = await count();
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const checksInWindow = (await count()) - checksAtStart;
  const elapsed = (performance.now() - startedAt) / 1000;
  const farmTicks = cpuTicks(farm.pid!) - farmStart;
  const loopsTicks = loopTicks() - loopStart;
  for (const loop of loops) loop.send('stop');
  const loopMs = (loopsTicks * 10) / checksInWindow;
  const farmMs = (farmTicks * 10) / checksInWindow;
  const ceiling = (cores * 1000) / (loopMs + farmMs);
  console.log(
    `\nCheck ceiling: ${cores} loop processes × ${IN_FLIGHT} GETs in flight, ${PAGE_BYTES / 1024} KB page, shop answering at once, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table({
    ceiling: {
      'checks/s measured': (checksInWindow / elapsed).toFixed(0),
      'CPU ms/check (GET + read)': loopMs.toFixed(2),
      'CPU ms/answer (fake shop)': farmMs.toFixed(2),
      [`checks/s on ${cores} cores, both counted`]: ceiling.toFixed(0),
      'checks/s without the shop': ((cores * 1000) / loopMs).toFixed(0),
      [`target (90% of 4,000/s)`]: TARGET,
      'reachable?': ceiling >= TARGET ? 'yes' : 'no',
    },
  });
} finally {
  for (const child of children) child.kill('SIGKILL');
}
