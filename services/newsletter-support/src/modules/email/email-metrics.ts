import { registerQueueGauges, type CountableQueue } from '@celebstyle/service-kit';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';

/** The e-mail worker's own metrics (README, Metrics). */
export interface EmailMetrics {
  sent: Counter;
  failed: Counter<'reason'>;
}

export function createEmailMetrics(registry: Registry): EmailMetrics {
  return {
    sent: new Counter({
      name: 'email_sent_total',
      help: 'E-mails the mail server (or the .eml folder) accepted',
      registers: [registry],
    }),
    failed: new Counter({
      name: 'email_failed_total',
      help: 'Failed send attempts: temporary (retried, then by the outbox sweep) or refused (5xx, never retried)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
  };
}

/**
 * Gauges read when Prometheus scrapes: the e-mails written but not sent yet (the outbox backlog)
 * and the age of the oldest, plus the jobs of the delivery queue by state.
 */
export function registerOutboxGauges(
  registry: Registry,
  db: Kysely<Database>,
  queues: readonly CountableQueue[],
): void {
  registerQueueGauges(registry, queues);
  const query = () =>
    db
      .selectFrom('newsletter.email_outbox')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('age'),
      ])
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst()
      .catch(() => undefined);
  // A scrape collects both gauges at once: they share the one query in flight.
  let inFlight: ReturnType<typeof query> | undefined;
  const unsent = () =>
    (inFlight ??= query().finally(() => {
      inFlight = undefined;
    }));
  new Gauge({
    name: 'email_outbox_backlog',
    help: 'E-mails in the outbox not sent yet (pending or being sent)',
    registers: [registry],
    async collect() {
      const row = await unsent();
      if (row) this.set(row.count);
    },
  });
  new Gauge({
    name: 'email_outbox_oldest_unsent_age_seconds',
    help: 'How long the oldest e-mail not sent yet has been in the outbox (0 when none)',
    registers: [registry],
    async collect() {
      const row = await unsent();
      if (row) this.set(Math.max(0, row.age ?? 0));
    },
  });
}
