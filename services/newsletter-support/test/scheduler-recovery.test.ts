import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { writeUnqueued } from './helpers/outbox-rows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ name: 'scheduler_recovery' });
});
afterAll(async () => {
  await h?.close();
});

/** What a Redis restarted without persistence looks like to this test file: its keys are gone. */
async function emptyRedisPrefix(): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await h.redis.scan(cursor, 'MATCH', `${h.keyPrefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await h.redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

describe('the outbox sweep when Redis comes back empty', () => {
  it('is re-created under the running worker, and sends an e-mail written while its schedule was gone', async () => {
    await expect.poll(() => h.queue.getJobScheduler('email-outbox-sweep'), { timeout: 5_000 }).toBeTruthy();
    expect(await emptyRedisPrefix()).toBeGreaterThan(0);
    expect(await h.queue.getJobScheduler('email-outbox-sweep')).toBeUndefined();

    // A support request accepted during the outage: its row is in PostgreSQL, its job never queued.
    const to = 'after-flush@example.com';
    await writeUnqueued(h.db, to);

    await h.smtp.waitFor((mail) => mail.to.includes(to), 15_000);
    expect(await h.queue.getJobScheduler('email-outbox-sweep')).toBeTruthy();
  });
});
