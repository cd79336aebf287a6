import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { alertEventPublisher, healthEvent, newLook } from './helpers/alert-events.ts';
import { decodedBody } from './helpers/smtp-capture.ts';

const workspace = fileURLToPath(new URL('..', import.meta.url));
let h: Harness;
let events: ReturnType<typeof alertEventPublisher>;
let running: ChildProcess[] = [];

/** The worker process (e-mail delivery and shopper alerts), on this file's database, Redis and SMTP server. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: workspace,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: h.databaseUrl,
      REDIS_URL: h.redisUrl,
      QUEUE_PREFIX: h.keyPrefix,
      SMTP_URL: h.smtp.url,
      EMAIL_SEND_LEASE_MS: '5000',
      // The killed worker's delivery job stays claimed in BullMQ until its lock runs out and a
      // stalled check finds it: up to a minute at the default 30 s. The lease above and this lock
      // are the waits the test is about; at the defaults they filled most of its timeouts.
      EMAIL_JOB_LOCK_MS: '3000',
      ALERT_GROUP_WINDOW_MS: '200',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.push(child);
  return child;
}

beforeAll(async () => {
  h = await startHarness({ name: 'alert_crash', worker: false });
  events = alertEventPublisher(h);
});
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running = [];
  h.smtp.acceptDelayMs = 0;
});
afterAll(async () => {
  await events?.close();
  await h?.close();
});

/**
 * Waits until this many delivery workers are connected to the queue: a worker process's start-up
 * (tsx compiling the service) takes seconds on a busy machine and is no part of what is measured.
 */
async function untilDeliveryWorkers(count: number): Promise<void> {
  await expect
    .poll(async () => (await h.queue.getWorkers()).length, { timeout: 90_000, interval: 250 })
    .toBe(count);
}

const alertOutbox = () =>
  h.db.selectFrom('newsletter.email_outbox').selectAll().where('kind', '=', 'alert-notification').execute();

describe('kill -9 of the worker in the middle of an alert e-mail', () => {
  it(
    'loses no alert e-mail and sends it once: the next worker sends it after the lease',
    { timeout: 300_000 },
    async () => {
      const look = newLook();
      h.targets.looks.set(look.postId, look);
      const email = 'crash@example.com';
      const answer = await h.app.inject({
        method: 'POST',
        url: '/api/alerts',
        payload: { email, postId: look.postId, linkId: look.links[0]!.linkId, kind: 'back_in_stock' },
      });
      expect(answer.statusCode).toBe(200);
      // No worker yet: the confirmation link is read from the outbox row.
      const [confirmation] = await h.db.selectFrom('newsletter.email_outbox').select('text_body').execute();
      const token = /\/api\/alerts\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text_body)![1]!;
      expect((await h.app.inject({ method: 'GET', url: `/api/alerts/confirm/${token}` })).statusCode).toBe(
        200,
      );

      // The SMTP server never answers while the first worker sends.
      h.smtp.acceptDelayMs = 600_000;
      const first = startWorkerProcess();
      await untilDeliveryWorkers(1);
      await events.queue.add(
        'link-health-changed',
        healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' }),
        {
          jobId: 'health-restock',
        },
      );
      await expect
        .poll(async () => (await alertOutbox())[0]?.status, { timeout: 40_000, interval: 100 })
        .toBe('sending');
      // The next worker is up before the first dies, so what follows is the crash recovery alone.
      startWorkerProcess();
      await untilDeliveryWorkers(2);
      h.smtp.acceptDelayMs = 0;
      const exited = once(first, 'exit');
      first.kill('SIGKILL');
      await exited;
      expect(h.smtp.to(email)).toHaveLength(0);

      await expect
        .poll(async () => (await alertOutbox())[0]?.status, { timeout: 60_000, interval: 250 })
        .toBe('sent');
      const received = h.smtp.to(email).filter((m) => /Back in stock/.test(decodedBody(m.raw)));
      expect(received).toHaveLength(1);
      expect(await alertOutbox()).toHaveLength(1);
      const notifications = await h.db.selectFrom('alerts.notifications').selectAll().execute();
      expect(notifications).toHaveLength(1);
      expect(notifications[0]!.outbox_id).toBe((await alertOutbox())[0]!.id);
    },
  );
});
