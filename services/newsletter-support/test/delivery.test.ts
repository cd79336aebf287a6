import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOutboxRow } from '../src/modules/email/email-delivery.ts';
import { createProducerConnection } from '@celebstyle/queue';
import { createAuthGuards } from '@celebstyle/service-kit';
import { httpAlertTargets } from '../src/modules/alerts/alert-targets.ts';
import { buildApp } from '../src/app.ts';
import { createEmailQueue, DELIVERY_JOB, deliveryJobOptions } from '../src/modules/email/email-queue.ts';
import { folderTransport, smtpTransport } from '../src/modules/email/mail-transport.ts';
import { startHarness, testMailSettings, type Harness } from './helpers/app.ts';
import { writeUnqueued } from './helpers/outbox-rows.ts';
import { header } from './helpers/smtp-capture.ts';
import { letTimePass } from '@celebstyle/service-kit/testing';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ name: 'delivery', worker: false });
});
afterAll(async () => {
  await h?.close();
});

const outboxRow = (id: string) =>
  h.db.selectFrom('newsletter.email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('delivering one outbox row', () => {
  it('never sends a row twice: a second job for a sent row does nothing', async () => {
    const row = await writeUnqueued(h.db, 'once@example.com');
    const transport = smtpTransport(h.smtp.url, { timeoutMs: 2_000 });
    const job = { kind: 'support-confirmation' as const, outboxId: row.id };
    expect(await deliverOutboxRow(h.db, transport, job, 60_000)).toBe('sent');
    expect(await deliverOutboxRow(h.db, transport, job, 60_000)).toBe('already-done');
    transport.close();
    // No second e-mail: time for one wrongly sent to arrive first.
    await letTimePass(300);
    expect(h.smtp.to('once@example.com')).toHaveLength(1);
    expect((await outboxRow(row.id)).status).toBe('sent');
  });

  it('holds off while another attempt has the lease, and takes over once it expires (same Message-ID)', async () => {
    const row = await writeUnqueued(h.db, 'crash@example.com');
    // An attempt claimed the row and crashed before marking it sent.
    await h.db
      .updateTable('newsletter.email_outbox')
      .set({ status: 'sending', lease_until: new Date(Date.now() + 60_000) })
      .where('id', '=', row.id)
      .execute();
    const transport = smtpTransport(h.smtp.url, { timeoutMs: 2_000 });
    const job = { kind: 'support-confirmation' as const, outboxId: row.id };
    await expect(deliverOutboxRow(h.db, transport, job, 60_000)).rejects.toThrow(/being sent/);
    expect(h.smtp.to('crash@example.com')).toHaveLength(0);

    await h.db
      .updateTable('newsletter.email_outbox')
      .set({ lease_until: new Date(Date.now() - 1) })
      .where('id', '=', row.id)
      .execute();
    expect(await deliverOutboxRow(h.db, transport, job, 60_000)).toBe('sent');
    transport.close();
    const mail = await h.smtp.waitFor((m) => m.to.includes('crash@example.com'));
    expect(header(mail.raw, 'Message-ID')).toBe((await outboxRow(row.id)).message_id);
  });

  it('marks an accepted message sent once PostgreSQL answers again, instead of sending it a second time', async () => {
    const row = await writeUnqueued(h.db, 'marked-late@example.com');
    // PostgreSQL refuses the 'sent' mark for a moment, as during a restart (a real error, from a trigger).
    await sql`create function newsletter.refuse_sent_mark() returns trigger language plpgsql as $$
      begin raise exception 'the database system is shutting down' using errcode = '57P03'; end $$`.execute(
      h.db,
    );
    await sql`create trigger refuse_sent_mark before update on newsletter.email_outbox for each row
      when (new.status = 'sent' and new.id = ${sql.lit(row.id)}) execute function newsletter.refuse_sent_mark()`.execute(
      h.db,
    );
    const transport = smtpTransport(h.smtp.url, { timeoutMs: 2_000 });
    const job = { kind: 'support-confirmation' as const, outboxId: row.id };
    try {
      const delivery = deliverOutboxRow(h.db, transport, job, 10_000).catch((error: Error) => error.message);
      await h.smtp.waitFor((m) => m.to.includes('marked-late@example.com'));
      // The behaviour under test: marking the row sent keeps failing for a while, then succeeds.
      await letTimePass(1_000);
      await sql`drop trigger refuse_sent_mark on newsletter.email_outbox`.execute(h.db);
      expect(await delivery).toBe('sent');
      expect((await outboxRow(row.id)).status).toBe('sent');
      expect(h.smtp.to('marked-late@example.com')).toHaveLength(1);
    } finally {
      transport.close();
      await sql`drop trigger if exists refuse_sent_mark on newsletter.email_outbox`.execute(h.db);
      await sql`drop function newsletter.refuse_sent_mark()`.execute(h.db);
    }
  });

  it('without SMTP_URL writes each message as <outbox id>.eml into the folder and says where', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    try {
      const row = await writeUnqueued(h.db, 'dev@example.com');
      const written: string[] = [];
      const transport = folderTransport(folder, (file) => written.push(file));
      const job = { kind: 'support-confirmation' as const, outboxId: row.id };
      expect(await deliverOutboxRow(h.db, transport, job, 60_000)).toBe('sent');
      expect(await readdir(folder)).toEqual([`${row.id}.eml`]);
      expect(written).toEqual([path.join(folder, `${row.id}.eml`)]);
      const eml = await readFile(path.join(folder, `${row.id}.eml`), 'utf8');
      expect(eml).toContain('To: dev@example.com');
      expect(eml).toContain('SR-20261125-ABCDEF');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the delivery worker', () => {
  beforeAll(async () => {
    await h.startWorker();
  });

  it('delivers a message after an SMTP outage, once the server is back', async () => {
    await h.smtp.stop();
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: {
        name: 'Olive',
        email: 'outage@example.com',
        subject: 'Feedback',
        message: 'Is anyone there?',
      },
    });
    expect(answer.statusCode).toBe(200);
    // While the server is down, attempts fail and the row stays unsent (nothing lost).
    await letTimePass(1_500);
    const rows = await h.db
      .selectFrom('newsletter.email_outbox')
      .selectAll()
      .where('to_address', '=', 'outage@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).not.toBe('sent');
    expect(rows[0]!.attempts).toBeGreaterThan(0);
    expect(rows[0]!.last_error).toBeTruthy();

    await h.smtp.start();
    const mail = await h.smtp.waitFor((m) => m.to.includes('outage@example.com'), 20_000);
    expect(header(mail.raw, 'Message-ID')).toBe(rows[0]!.message_id);
    await expect.poll(async () => (await outboxRow(rows[0]!.id)).status, { timeout: 5_000 }).toBe('sent');
  });

  it('sends rows that never reached the queue (Redis lost them) through the periodic sweep', async () => {
    const row = await writeUnqueued(h.db, 'swept@example.com');
    expect(await h.queue.getJob(row.id)).toBeUndefined();
    await h.smtp.waitFor((m) => m.to.includes('swept@example.com'), 20_000);
    await expect.poll(async () => (await outboxRow(row.id)).status, { timeout: 5_000 }).toBe('sent');
  });

  it('retries a row whose job ran out of attempts during an outage (the sweep revives the failed job)', async () => {
    await h.smtp.stop();
    const row = await writeUnqueued(h.db, 'exhausted@example.com');
    await h.queue.add(
      DELIVERY_JOB,
      { kind: 'support-confirmation', outboxId: row.id },
      deliveryJobOptions(row.id, { attempts: 1, backoffMs: 100 }),
    );
    await expect.poll(async () => (await h.queue.getJob(row.id))?.isFailed(), { timeout: 10_000 }).toBe(true);
    await h.smtp.start();
    await h.smtp.waitFor((m) => m.to.includes('exhausted@example.com'), 20_000);
    await expect.poll(async () => (await outboxRow(row.id)).status, { timeout: 5_000 }).toBe('sent');
  });

  it('marks a permanently refused message failed and does not retry it', async () => {
    const row = await writeUnqueued(h.db, 'no-such-mailbox@example.com');
    await expect.poll(async () => (await outboxRow(row.id)).status, { timeout: 10_000 }).toBe('failed');
    const failed = await outboxRow(row.id);
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/550|Mailbox unavailable/);
  });

  it('accepts a request while Redis is unreachable, and the sweep delivers its e-mail later', async () => {
    const deadRedis = createProducerConnection('redis://127.0.0.1:1', { retryStrategy: () => null });
    deadRedis.on('error', () => {});
    const deadQueue = createEmailQueue(
      createProducerConnection('redis://127.0.0.1:1', { retryStrategy: () => null }),
      'unused',
    );
    deadQueue.on('error', () => {});
    const app = await buildApp({
      alertTargets: httpAlertTargets(h.targets.url),
      db: h.db,
      redis: deadRedis,
      emailQueue: deadQueue,
      guards: createAuthGuards(
        async () => {
          throw new Error('unused');
        },
        { currentState: async () => ({ version: null, sessionEnded: false }) },
      ),
      mail: testMailSettings,
      keyPrefix: 'unused',
      logLevel: 'silent',
    });
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/support',
        payload: { name: 'Rita', email: 'redis-down@example.com', subject: 'Feedback', message: 'Hello?' },
      });
      expect(answer.statusCode).toBe(200);
      await h.smtp.waitFor((m) => m.to.includes('redis-down@example.com'), 20_000);
    } finally {
      await app.close();
      await deadQueue.close().catch(() => {});
      deadRedis.disconnect();
    }
  });
});
