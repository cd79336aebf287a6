import { spawn, type ChildProcess } from 'node:child_process';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '@celebstyle/service-kit';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { formatLine, prefixFor } from './log-format.ts';
import { REPO_ROOT } from './paths.ts';
import type { ProcessSpec } from './process-table.ts';

export type LogSink = (line: string) => void;

/** A process's own grace (SHUTDOWN_GRACE_MS, which it reads too) and 2 s for it to exit. */
const STOP_GRACE_MS = (Number(process.env.SHUTDOWN_GRACE_MS) || DEFAULT_SHUTDOWN_GRACE_MS) + 2_000;

/** One child process of the stack: `node --import tsx <entry>` in its workspace, logs prefixed. */
export class ManagedProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private stopping = false;

  constructor(
    readonly spec: ProcessSpec,
    log: LogSink,
    prefixWidth: number,
    onUnexpectedExit: (spec: ProcessSpec, code: number | null) => void,
  ) {
    const prefix = prefixFor(spec.name, prefixWidth);
    this.child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
      cwd: path.join(REPO_ROOT, spec.workspace),
      env: { ...process.env, ...spec.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a terminal's Ctrl-C reaches only the launcher, which then stops the
      // processes in order (gateway first), each once, instead of every process at the same moment.
      detached: true,
    });
    // If the launcher exits without stop() (an uncaught error), take the child down with it.
    const killOnExit = () => this.child.kill('SIGTERM');
    process.once('exit', killOnExit);
    this.child.once('exit', () => process.removeListener('exit', killOnExit));
    for (const stream of [this.child.stdout, this.child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => log(prefix + formatLine(line)));
    }
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        if (!this.stopping) onUnexpectedExit(spec, code);
        resolve(code ?? (signal ? null : 0));
      });
      this.child.on('error', (error) => {
        log(`${prefix}could not start: ${error.message}`);
        resolve(1);
      });
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` (e.g. SIGKILL for a crash) and waits until the process has exited. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    this.stopping = true;
    if (!this.running) return;
    this.child.kill(signal);
    await this.exited;
  }

  /** SIGTERM (graceful: finish requests and jobs, close pools), SIGKILL after a grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * Waits until `child` answers GET `url` with a success, or fails when it exits or takes too long
 * (`name` says which process in the error).
 */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  name: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) during start-up (see its log above)`,
      );
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Waits until an HTTP process of the stack answers /healthz (see waitForHttp). */
export function waitForHealthy(proc: ManagedProcess, url: string, timeoutMs = 60_000): Promise<void> {
  return waitForHttp(`${url}/healthz`, proc.child, proc.spec.name, timeoutMs);
}
