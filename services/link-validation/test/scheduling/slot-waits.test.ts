import { describe, expect, it } from 'vitest';
import { createSlotWaits } from '../../src/modules/scheduling/slot-waits.ts';

/** Which of `waits` have resolved by now (after the pending callbacks ran). */
async function settled(waits: Promise<void>[]): Promise<boolean[]> {
  const done = waits.map(() => false);
  waits.forEach((wait, index) => void wait.then(() => (done[index] = true)));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe("a worker's checks waiting for a retailer's slot", () => {
  it('wakes the longest waiting check of the retailer whose slot was freed, and only it', async () => {
    const waits = createSlotWaits();
    const first = waits.wait('a.test', 60_000);
    const second = waits.wait('a.test', 60_000);
    const other = waits.wait('b.test', 60_000);
    waits.wake('a.test');
    expect(await settled([first, second, other])).toEqual([true, false, false]);
    waits.wake('a.test');
    waits.wake('b.test');
    expect(await settled([second, other])).toEqual([true, true]);
  });

  it('ends a wait nobody wakes after its time, and a wake with nobody waiting changes nothing', async () => {
    const waits = createSlotWaits();
    waits.wake('a.test');
    const started = performance.now();
    await waits.wait('a.test', 50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    // The ended wait is no longer queued: the next wake goes to the check waiting now.
    const next = waits.wait('a.test', 60_000);
    waits.wake('a.test');
    expect(await settled([next])).toEqual([true]);
  });
});
