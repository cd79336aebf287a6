import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PRUNE_JOB } from '../src/modules/email/email-queue.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { outboxRows, writeUnqueued } from './helpers/outbox-rows.ts';

let h: Harness;
beforeAll(async () => {
  // No worker at first: the rows are set up before anything sends them.
  h = await startHarness({ name: 'outbox_retention', worker: false });
});
afterAll(async () => {
  await h?.close();
});

/** An outbox row in a given state, written `age` ago (and sent then, if sent). */
async function emailRow(to: string, status: 'sent' | 'failed' | 'pending', age: string) {
  const row = await writeUnqueued(h.db, to);
  await sql`update newsletter.email_outbox set status = ${status},
    created_at = now() - ${age}::interval,
    sent_at = ${status === 'sent' ? sql`now() - ${age}::interval` : null}
    where id = ${row.id}`.execute(h.db);
}

describe('e-mail outbox retention', () => {
  it('deletes e-mails sent or given up on longer ago than the retention, on the worker schedule, never unsent ones', async () => {
    await emailRow('old-sent@example.com', 'sent', '30 days');
    await emailRow('old-failed@example.com', 'failed', '30 days');
    await emailRow('new-sent@example.com', 'sent', '1 day');
    await emailRow('old-pending@example.com', 'pending', '30 days');
    await sql`update newsletter.email_outbox set lease_until = now() + interval '1 hour'
      where to_address = 'old-pending@example.com'`.execute(h.db);
    await h.startWorker();
    await expect.poll(() => h.queue.getJobScheduler('email-outbox-retention')).toBeTruthy();
    await h.queue.add(OUTBOX_PRUNE_JOB, { sweep: true });
    await expect
      .poll(async () => (await outboxRows(h.db)).map((row) => row.to_address).sort(), { timeout: 10_000 })
      .toEqual(['new-sent@example.com', 'old-pending@example.com']);
  });
});
