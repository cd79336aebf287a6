import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../src/testing/wait-for.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Starts a fixture process and resolves once its stdout matches `ready`. */
async function start(
  name: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string; match: RegExpExecArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture(name)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 15_000);
    child.stdout!.on('data', () => {
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return { child, output: () => output, match };
}

describe('graceful shutdown of a server', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s finishes the in-flight request, refuses new ones, closes pools and exits 0',
    async (signal) => {
      const { child, output, match } = await start('slow-service.ts', {}, /listening (\d+)/);
      const port = Number(match[1]);

      const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
      await waitFor(() => output().includes('slow request started'));
      child.kill(signal);
      await waitFor(() => output().includes('closing'));
      const late = await fetch(`http://127.0.0.1:${port}/slow`).then(
        (r) => r.status,
        () => 'refused',
      );

      expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
      expect([503, 'refused']).toContain(late);
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain('closed pools');
    },
  );

  it('waits for a request as long as SHUTDOWN_GRACE_MS allows, and no longer', async () => {
    const { child, output, match } = await start(
      'slow-service.ts',
      { SLOW_MS: '20000', SHUTDOWN_GRACE_MS: '1500' },
      /listening (\d+)/,
    );
    const inFlight = fetch(`http://127.0.0.1:${Number(match[1])}/slow`).then(
      (r) => r.status,
      () => 'cut',
    );
    await waitFor(() => output().includes('slow request started'));
    const signalled = performance.now();
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    const tookMs = performance.now() - signalled;
    expect(code).toBe(1);
    expect(tookMs).toBeGreaterThanOrEqual(1_400);
    // The request was cut, not finished: it did not wait for it. Seen from here the exit also takes
    // the process's teardown and this runner's lag, seconds on a loaded machine.
    expect(tookMs).toBeLessThan(10_000);
    expect(await inFlight).toBe('cut');
  });
});

describe('graceful shutdown of a worker', () => {
  it('tells close to hand back its work before the grace period ends, then exits 0', async () => {
    const { child, output } = await start('slow-worker.ts', { SHUTDOWN_GRACE_MS: '4000' }, /working/);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const handedBackAt = Number(/handing back after (\d+) ms/.exec(output())?.[1]);
    // 4 s of grace: handing back starts 1 s (a quarter) before the end.
    expect(handedBackAt).toBeGreaterThanOrEqual(2_900);
    expect(handedBackAt).toBeLessThan(3_900);
    expect(output()).toContain('stopped');
  });

  it('exits 1 when the grace period ends with work still running', async () => {
    const { child, output } = await start(
      'slow-worker.ts',
      { SHUTDOWN_GRACE_MS: '2000', STUCK_AFTER_HAND_BACK: 'true' },
      /working/,
    );
    const signalled = performance.now();
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    const tookMs = performance.now() - signalled;
    expect(code).toBe(1);
    expect(tookMs).toBeGreaterThanOrEqual(1_900);
    // Exit code 1 and the log line say the grace period ended it; the bound leaves room for load.
    expect(tookMs).toBeLessThan(10_000);
    expect(output()).toContain('grace period over');
    expect(output()).not.toContain('stopped');
  });
});
