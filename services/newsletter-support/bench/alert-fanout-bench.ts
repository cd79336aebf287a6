/**
 * 10,000 shopper alerts on one link firing together, delivered by one worker process's workers
 * (the alerts' event consumer and digest, and the e-mail delivery worker at its default
 * concurrency) through a real SMTP server on 127.0.0.1, against a throw-away PostgreSQL database
 * and Redis prefix. Prints the time from the restock event to the last e-mail accepted, beside a
 * baseline measured in the same run: the same number of ordinary outbox e-mails (no alerts) sent
 * by the same delivery worker. Figures are quoted with the load average (a shared machine).
 *
 *   npm run bench:alerts -w @celebstyle/newsletter-support
 *   (ALERTS=10000, EMAIL_WORKER_CONCURRENCY=5 and TRANSPORTS=pooled by default;
 *   TRANSPORTS=unpooled,pooled measures a connection per message against the pool, in one run)
 */
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createTestRedis, createWorkerConnection } from '@celebstyle/queue';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/index.ts';
import { startAlertWorker } from '../src/modules/alerts/alert-worker.ts';
import {
  createEmailQueue,
  enqueueDeliveriesInBulk,
  DEFAULT_RETRY_POLICY,
} from '../src/modules/email/email-queue.ts';
import { startEmailWorker } from '../src/modules/email/email-worker.ts';
import { smtpTransport } from '../src/modules/email/mail-transport.ts';
import { writeOutbox } from '../src/modules/email/email-dispatch.ts';
import { renderSupportConfirmation } from '../src/modules/email/templates/support-emails.ts';
import { testMailSettings, TEST_AFFILIATE } from '../test/helpers/app.ts';
import { alertEventPublisher, healthEvent, newLook } from '../test/helpers/alert-events.ts';
import { SmtpCapture } from '../test/helpers/smtp-capture.ts';

const COUNT = Number(process.env.ALERTS ?? 10_000);
/** The delivery worker's concurrency (EMAIL_WORKER_CONCURRENCY; 5 by default, as the worker's). */
const CONCURRENCY = Number(process.env.EMAIL_WORKER_CONCURRENCY ?? 5);
/**
 * The SMTP transports measured, one after the other in this run: `pooled` (the worker's, which keeps
 * a connection per concurrent send) and `unpooled` (a fresh connection per message, as before).
 */
const MODES = (process.env.TRANSPORTS ?? 'pooled').split(',').map((mode) => {
  if (mode !== 'pooled' && mode !== 'unpooled') throw new Error(`TRANSPORTS: unknown transport ${mode}`);
  return mode;
});
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const database = await createTestDatabase('ns_alert_bench');
const db = createDb<Database>({ connectionString: database.url, max: 10 });
await migrate(db);
const redis = await createTestRedis('alert-bench');
const smtp = new SmtpCapture();
await smtp.start();
/** Workers and queues leave the connections they are given open: they are ended at the close. */
const connections: ReturnType<typeof createWorkerConnection>[] = [];
const connect = () => {
  const connection = createWorkerConnection(redis.url);
  connections.push(connection);
  return connection;
};

const alerts = await startAlertWorker({
  db,
  workerConnection: connect(),
  queueConnection: connect(),
  prefix: redis.prefix,
  settings: { mail: testMailSettings, affiliate: TEST_AFFILIATE },
  log: silent,
  groupWindowMs: 1_000,
});

async function untilSent(count: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from newsletter.email_outbox where status = 'sent'`.execute(db);
    if (Number(rows[0]!.n) >= count && smtp.messages.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function clearSent(): Promise<void> {
  smtp.messages.length = 0;
  await db.deleteFrom('newsletter.email_outbox').execute();
}

/** COUNT ordinary e-mails, written and enqueued at once, delivered by the delivery worker. */
async function baseline(label: string): Promise<number> {
  const queue = createEmailQueue(connect(), redis.prefix);
  const start = performance.now();
  const messages = Array.from({ length: COUNT }, (_, i) => ({
    kind: 'support-confirmation' as const,
    to: `base-${i}@example.com`,
    email: renderSupportConfirmation(testMailSettings, {
      requestId: 'SR-20261127-ABCDEF',
      name: 'Eve',
      email: `base-${i}@example.com`,
      subject: 'Feedback',
      category: 'Other',
      priority: 'low',
      message: 'Hello',
    }),
  }));
  const rows = [];
  for (let at = 0; at < COUNT; at += 1_000)
    rows.push(...(await writeOutbox(db, testMailSettings, messages.slice(at, at + 1_000))));
  await enqueueDeliveriesInBulk(queue, rows, DEFAULT_RETRY_POLICY);
  await untilSent(COUNT);
  const ms = performance.now() - start;
  await queue.close();
  console.log(
    `${label} baseline: ${COUNT} ordinary e-mails sent in ${(ms / 1000).toFixed(1)} s (load ${load()})`,
  );
  await clearSent();
  return ms;
}

/** COUNT confirmed addresses, each with a back-in-stock alert on the same sold-out link, fired by one event. */
async function fanOut(label: string, baselineMs: number, run: number): Promise<void> {
  const look = newLook();
  const linkId = look.links[0]!.linkId;
  await sql`
    insert into alerts.addresses (email, confirmed_at)
    select 'fan-' || ${run}::int || '-' || i || '@example.com', now() from generate_series(1, ${COUNT}) i`.execute(
    db,
  );
  await sql`
    insert into alerts.alerts (id, address_id, post_id, link_id, kind, post_title, status, confirmed_at, expires_at)
    select gen_random_uuid(), id, ${look.postId}::uuid, ${linkId}::uuid, 'back_in_stock', ${look.title},
      'active', now(), now() + interval '90 days'
    from alerts.addresses where email like ${`fan-${run}-%`}`.execute(db);
  await sql`
    insert into alerts.alert_links (alert_id, link_id, baseline_price, currency)
    select id, link_id, 100, 'USD' from alerts.alerts where post_id = ${look.postId}::uuid`.execute(db);

  const publisher = alertEventPublisher({ redisUrl: redis.url, keyPrefix: redis.prefix });
  const start = performance.now();
  await publisher.queue.add(
    'link-health-changed',
    healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' }),
    { jobId: `health-${randomUUID()}` },
  );
  await untilSent(COUNT);
  const ms = performance.now() - start;
  await publisher.close();
  const distinct = new Set(smtp.messages.flatMap((m) => m.to)).size;
  console.log(
    `${label} alerts: ${COUNT} alerts on one link fired by one event, ${smtp.messages.length} e-mails to ${distinct} addresses ` +
      `sent in ${(ms / 1000).toFixed(1)} s (load ${load()}); ${(ms / baselineMs).toFixed(2)}x the baseline`,
  );
  await clearSent();
}

try {
  for (const [run, mode] of MODES.entries()) {
    // The same delivery worker each time; only its SMTP transport differs.
    const email = await startEmailWorker({
      db,
      workerConnection: connect(),
      queueConnection: connect(),
      prefix: redis.prefix,
      transport: smtpTransport(smtp.url, { connections: mode === 'pooled' ? CONCURRENCY : 0 }),
      log: silent,
      concurrency: CONCURRENCY,
    });
    const label = `[${mode} SMTP, concurrency ${CONCURRENCY}]`;
    try {
      await fanOut(label, await baseline(label), run);
    } finally {
      await email.close();
    }
  }
} finally {
  await alerts.close();
  for (const connection of connections) connection.disconnect();
  await smtp.stop();
  await db.destroy();
  await redis.cleanup();
  await database.drop();
}
