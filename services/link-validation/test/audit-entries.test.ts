import type { AuditEntry } from '@celebstyle/contracts';
import { createWorkerConnection, QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { clearLinkHealth, insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
let token: string;
const actorId = randomUUID();
let connection: ReturnType<typeof createWorkerConnection>;
let queue: Queue;

beforeAll(async () => {
  h = await startHarness('audit-entries');
  token = await h.signer.sign({ sub: actorId, username: 'maria', ver: 1 });
  connection = createWorkerConnection(h.redisUrl);
  queue = new Queue(QueueName.auditEvents, { connection, prefix: h.keyPrefix });
});
afterAll(async () => {
  await queue?.close();
  connection?.disconnect();
  await h?.close();
});
beforeEach(async () => {
  await clearLinkHealth(h.db);
  await h.db.deleteFrom('link_validation.url_cleaning_rules').execute();
  await sql`delete from link_validation.audit_outbox`.execute(h.db);
});

const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const entries = async () =>
  (
    await sql<{
      payload: AuditEntry;
    }>`select payload from link_validation.audit_outbox order by created_at`.execute(h.db)
  ).rows.map((row) => row.payload);

describe('link-validation records each admin write in its audit outbox', () => {
  it('a link status override leaves one entry with the status before and after, and publishes it', async () => {
    const postId = await insertPost(h.db, { title: 'Green dress' });
    const linkId = await insertLink(h.db, postId, 0, { link_status: '404' });
    const res = await admin('PUT', '/api/admin/link-validation/link-status', {
      postId,
      linkIndex: 0,
      newStatus: 'active',
      notes: 'Checked by hand',
    });
    expect(res.statusCode).toBe(200);
    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actor: { _id: actorId, username: 'maria' },
      action: 'link.status-override',
      targetType: 'link',
      targetId: linkId,
      targetLabel: 'Link 1 of Green dress',
      service: 'link-validation',
      changes: [
        { field: 'linkStatus', before: '404', after: 'active' },
        { field: 'notes', before: null, after: 'Checked by hand' },
      ],
    });
    expect((await queue.getJob(entry!._id))?.data).toEqual(entry);
  });

  it('a refused override or rule write leaves no entry', async () => {
    const postId = await insertPost(h.db);
    await insertLink(h.db, postId, 0);
    const missing = { postId, linkIndex: 5, newStatus: 'active' };
    expect((await admin('PUT', '/api/admin/link-validation/link-status', missing)).statusCode).toBe(404);
    const rule = { domain: 'shop.example', preserveParams: ['id'] };
    expect((await admin('POST', '/api/admin/url-cleaning-rules', rule)).statusCode).toBe(201);
    await sql`delete from link_validation.audit_outbox`.execute(h.db);
    expect((await admin('POST', '/api/admin/url-cleaning-rules', rule)).statusCode).toBe(409);
    expect((await admin('DELETE', `/api/admin/url-cleaning-rules/${randomUUID()}`)).statusCode).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('records a rule created, edited, switched off in bulk and deleted', async () => {
    const created = await admin('POST', '/api/admin/url-cleaning-rules', {
      domain: 'shop.example',
      preserveParams: ['id'],
    });
    const id = created.json().rule._id as string;
    await admin('PUT', `/api/admin/url-cleaning-rules/${id}`, {
      domain: 'shop.example',
      preserveParams: ['id', 'sku'],
    });
    await admin('POST', '/api/admin/url-cleaning-rules/bulk-toggle', { ruleIds: [id], active: false });
    await admin('DELETE', `/api/admin/url-cleaning-rules/${id}`);
    const written = await entries();
    expect(written.map((e) => e.action)).toEqual([
      'url-cleaning-rule.create',
      'url-cleaning-rule.update',
      'url-cleaning-rule.update',
      'url-cleaning-rule.delete',
    ]);
    expect(written.every((e) => e.targetId === id && e.targetLabel === 'shop.example')).toBe(true);
    expect(written[1]!.changes).toEqual([{ field: 'preserveParams', before: ['id'], after: ['id', 'sku'] }]);
    expect(written[2]!.changes).toEqual([{ field: 'active', before: true, after: false }]);
    expect(written[2]!.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(written[3]!.changes).toContainEqual({ field: 'domain', before: 'shop.example', after: null });
  });
});
