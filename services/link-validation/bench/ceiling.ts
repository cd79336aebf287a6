import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { cpuSince, loadAverage } from './process-cpu.ts';

export interface CeilingFigures {
  /** Checks the loops did in the window, and the window's length. */
  checks: number;
  seconds: number;
  /** Checks per second the loops reached. */
  checksPerSecond: number;
  /** CPU per check of the loops (GET + read). */
  loopMs: number;
  /** CPU per answer of the fake shop. */
  shopMs: number;
  /** 1-minute load average at the end of the window. */
  load: string;
}

export interface CeilingLoops {
  /** Lets the loops run for `seconds` and measures them; they pause again after. */
  measure(seconds: number): Promise<CeilingFigures>;
  close(): void;
}

/** Checks each loop process does before it is measured: modules loaded and the code compiled hot. */
const WARM_UP_CHECKS = 300;

/**
 * The ceiling of checks per second on this machine: the least work a check must do — an undici
 * GET of the fake shop's page on loopback, answered at once, and one read of it by the checker's
 * page reader — in one loop process per core. No database, no queue, no politeness, no redirects
 * or SSRF checks: no worker design can check faster than this. With mode `engine`, the loops run
 * the whole checker engine instead (what the worker calls per check, without job, queue,
 * politeness or database). The loops are started and warmed up once, then paused between windows,
 * so that on a loaded machine a window never counts a cold start.
 */
export async function startCeilingLoops(
  shop: { port: number; pid: number },
  mode: 'read' | 'engine' = 'read',
): Promise<CeilingLoops> {
  const loopScript = fileURLToPath(new URL('./ceiling-loop.ts', import.meta.url));
  const loops = Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['--import', 'tsx', loopScript, String(shop.port), mode], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const close = () => {
    for (const loop of loops) loop.kill('SIGKILL');
  };
  const count = async () => {
    const answers = loops.map((loop) => once(loop, 'message') as Promise<[{ checks: number }]>);
    for (const loop of loops) loop.send('count');
    return (await Promise.all(answers)).reduce((sum, [{ checks }]) => sum + checks, 0);
  };
  const tell = (message: 'run' | 'pause') => {
    for (const loop of loops) loop.send(message);
  };
  try {
    tell('run');
    const deadline = Date.now() + 120_000;
    while ((await count()) < WARM_UP_CHECKS * loops.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    tell('pause');
  } catch (error) {
    close();
    throw error;
  }
  return {
    async measure(seconds) {
      tell('run');
      // Let every lane get going before the window opens.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const loopCpu = cpuSince(loops.map((loop) => loop.pid!));
      const shopCpu = cpuSince([shop.pid]);
      const checksAtStart = await count();
      const startedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const checks = (await count()) - checksAtStart;
      const elapsed = (performance.now() - startedAt) / 1000;
      const figures = {
        checks,
        seconds: elapsed,
        checksPerSecond: checks / elapsed,
        loopMs: loopCpu() / checks,
        shopMs: shopCpu() / checks,
        load: loadAverage(),
      };
      tell('pause');
      return figures;
    },
    close,
  };
}
