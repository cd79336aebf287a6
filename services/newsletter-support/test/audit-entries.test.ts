import type { AuditEntry } from '@celebstyle/contracts';
import { QueueName } from '@celebstyle/queue';
import { tokenVersionKey } from '@celebstyle/service-kit';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';

let h: Harness;
let token: string;
const adminId = randomUUID();
let queue: Queue;

beforeAll(async () => {
  h = await startHarness({ name: 'support-audit', worker: false });
  token = await h.signer.sign({ sub: adminId, username: 'sam', ver: 1 });
  queue = new Queue(QueueName.auditEvents, { connection: h.redis, prefix: h.keyPrefix });
});
afterAll(async () => {
  await queue?.close();
  await h.redis.del(tokenVersionKey(adminId)).catch(() => {});
  await h?.close();
});
beforeEach(async () => {
  await sql`delete from support.audit_outbox`.execute(h.db);
});

const admin = (method: 'PUT' | 'POST', url: string, payload: object) =>
  h.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const entries = async () =>
  (
    await sql<{ payload: AuditEntry }>`select payload from support.audit_outbox order by created_at`.execute(
      h.db,
    )
  ).rows.map((row) => row.payload);
async function newRequest(): Promise<{ id: string; requestId: string }> {
  const answer = await h.app.inject({
    method: 'POST',
    url: '/api/support',
    payload: { name: 'Ann', email: 'ann@example.com', subject: 'Feedback', message: 'Love the site.' },
  });
  const { requestId } = answer.json().data as { requestId: string };
  const row = await h.db
    .selectFrom('support.support_requests')
    .select('id')
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  return { id: row.id, requestId };
}

describe('the support desk records admin writes in its audit outbox', () => {
  it('a status change leaves one entry with the status before and after, and publishes it', async () => {
    const { id, requestId } = await newRequest();
    const res = await admin('PUT', `/api/admin/support/${id}`, { status: 'in-progress' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actor: { _id: adminId, username: 'sam' },
      action: 'support-request.update',
      targetType: 'support-request',
      targetId: id,
      targetLabel: `${requestId}: Feedback`,
      service: 'newsletter-support',
      changes: [{ field: 'status', before: 'unread', after: 'in-progress' }],
    });
    expect((await queue.getJob(entry!._id))?.data).toEqual(entry);
  });

  it('a response is recorded once; a second one, refused, leaves no entry', async () => {
    const { id } = await newRequest();
    expect(
      (await admin('POST', `/api/admin/support/${id}/respond`, { responseText: 'Thanks!' })).statusCode,
    ).toBe(200);
    expect(
      (await admin('POST', `/api/admin/support/${id}/respond`, { responseText: 'Again' })).statusCode,
    ).toBe(409);
    expect(
      (await admin('PUT', `/api/admin/support/${randomUUID()}`, { status: 'resolved' })).statusCode,
    ).toBe(404);
    const written = await entries();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'support-request.respond', targetId: id });
    expect(written[0]!.changes).toContainEqual({ field: 'responseText', before: null, after: 'Thanks!' });
  });
});
