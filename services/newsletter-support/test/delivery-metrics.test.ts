import { createMetricsRegistry } from '@celebstyle/service-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOutboxGauges } from '../src/modules/email/email-metrics.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { writeUnqueued } from './helpers/outbox-rows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ name: 'delivery_metrics', worker: false });
});
afterAll(async () => {
  await h?.close();
});

/** The value of one series of the worker's metrics (prom-client's own reading), or undefined when absent. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = await h.metrics!.getSingleMetric(name)?.get();
  const wanted = Object.entries(labels);
  return metric?.values.find((v) => wanted.every(([key, value]) => v.labels[key] === value))?.value;
}

describe('e-mail delivery metrics', () => {
  it('report the outbox backlog and its age, then the sends that empty it', async () => {
    await h.smtp.stop();
    await h.startWorker();
    const first = await writeUnqueued(h.db, 'first@example.com');
    await writeUnqueued(h.db, 'second@example.com');
    await sql`update newsletter.email_outbox set created_at = now() - interval '10 minutes' where id = ${first.id}`.execute(
      h.db,
    );
    expect(await sample('email_outbox_backlog')).toBe(2);
    expect(await sample('email_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(600);
    // The sweep queues both; with the mail server down every attempt fails and is retried.
    await expect
      .poll(() => sample('email_failed_total', { reason: 'temporary' }), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await sample('email_sent_total')).toBe(0);

    await h.smtp.start();
    await expect.poll(() => sample('email_sent_total'), { timeout: 20_000 }).toBe(2);
    expect(await sample('email_outbox_backlog')).toBe(0);
    expect(await sample('email_outbox_oldest_unsent_age_seconds')).toBe(0);
    expect(await sample('bullmq_queue_jobs', { queue: 'email-delivery', state: 'failed' })).toBe(0);
  });

  it('count a permanent refusal apart from temporary failures', async () => {
    const before = (await sample('email_failed_total', { reason: 'refused' })) ?? 0;
    await writeUnqueued(h.db, 'no-such-mailbox@example.com');
    await expect
      .poll(() => sample('email_failed_total', { reason: 'refused' }), { timeout: 15_000 })
      .toBe(before + 1);
    expect(await sample('email_sent_total')).toBe(2);
  });

  it('read the outbox once per scrape for both outbox gauges', async () => {
    let queries = 0;
    const counted = h.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const registry = createMetricsRegistry('outbox-gauges');
    registerOutboxGauges(registry, counted, []);
    const text = await registry.metrics();
    expect(text).toMatch(/^email_outbox_backlog\{service="outbox-gauges"\} \d+$/m);
    expect(text).toMatch(/^email_outbox_oldest_unsent_age_seconds\{service="outbox-gauges"\} [\d.]+$/m);
    expect(queries).toBe(1);
  });
});
