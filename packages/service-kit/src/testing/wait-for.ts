import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitForOptions {
  /** Give up after this long (default 10 s): the awaited state never came. */
  timeoutMs?: number;
  /** Time between two checks (default 25 ms). */
  intervalMs?: number;
}

/**
 * Polls `check` until the state a test awaits is there: until it neither throws (an `expect` that
 * fails) nor answers `false`. Resolves with its last answer; after `timeoutMs` rejects with the last
 * failure, so a test names what never happened instead of sleeping a guessed time.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25 }: WaitForOptions = {},
): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs;
  let lastFailure: unknown;
  for (;;) {
    try {
      const answer = await check();
      if (answer !== false) return answer as Exclude<T, false>;
      lastFailure = new Error('the awaited condition stayed false');
    } catch (error) {
      lastFailure = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastFailure instanceof Error ? lastFailure.message : String(lastFailure);
      throw new Error(`waitFor: not reached within ${timeoutMs} ms: ${reason}`, { cause: lastFailure });
    }
    await sleep(intervalMs);
  }
}

/**
 * Lets `ms` pass when the behaviour under test is that nothing happens meanwhile (no e-mail sent, no
 * job taken) or that time itself passes (an expiry). Never to wait for something to happen: that is
 * waitFor's job.
 */
export function letTimePass(ms: number): Promise<void> {
  return sleep(ms);
}
