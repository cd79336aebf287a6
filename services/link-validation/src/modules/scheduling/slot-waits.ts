/**
 * The checks of one worker process waiting for a retailer's slot (host-politeness.ts). A check
 * refused a slot sleeps until it may ask again; when a check of this process frees a slot of that
 * retailer, the longest waiting check of it is woken at once to ask, instead of sleeping on while
 * the slot stays free. A slot another process frees is found by the sleep's end, as before.
 */
export interface SlotWaits {
  /** Resolves after `ms`, or sooner once `wake(domain)` picks this wait. */
  wait(domain: string, ms: number): Promise<void>;
  /** Wakes the longest waiting check of `domain`, if any. */
  wake(domain: string): void;
}

export function createSlotWaits(): SlotWaits {
  const waiting = new Map<string, (() => void)[]>();
  const forget = (domain: string, done: () => void) => {
    const queue = waiting.get(domain);
    if (!queue) return;
    const index = queue.indexOf(done);
    if (index !== -1) queue.splice(index, 1);
    if (queue.length === 0) waiting.delete(domain);
  };
  return {
    wait(domain, ms) {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          forget(domain, done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        const queue = waiting.get(domain);
        if (queue) queue.push(done);
        else waiting.set(domain, [done]);
      });
    },
    wake(domain) {
      waiting.get(domain)?.[0]?.();
    },
  };
}
