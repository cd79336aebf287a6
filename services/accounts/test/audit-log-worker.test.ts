import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@celebstyle/contracts';
import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import {
  contractJob,
  createAuditEventsQueue,
  createTestRedis,
  createWorkerConnection,
  QueueContracts,
  type AuditEventPayload,
  type TestRedis,
} from '@celebstyle/queue';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { migrate, schema } from '../src/db/migrate.ts';
import { insertAuditEntries } from '../src/modules/audit-log/audit-log.repository.ts';
import { startAuditLogWorker, type AuditLogWorker } from '../src/modules/audit-log/audit-log.worker.ts';
import { waitFor } from '@celebstyle/service-kit/testing';

let database: TestDatabase;
let redis: TestRedis;
let db: Kysely<Database>;
let worker: AuditLogWorker;
const connections = [] as ReturnType<typeof createWorkerConnection>[];
const connection = () => {
  const c = createWorkerConnection(redis.url);
  connections.push(c);
  return c;
};
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase('accounts_audit_worker');
  redis = await createTestRedis('accounts-audit-worker');
  db = createDb<Database>({ connectionString: database.url, schema, max: 3 });
  await migrate(db);
  worker = await startAuditLogWorker({
    db,
    workerConnection: connection(),
    queueConnection: connection(),
    prefix: redis.prefix,
    log: silent,
    retentionDays: 400,
  });
});
afterAll(async () => {
  await worker.close();
  for (const c of connections) c.disconnect();
  await db.destroy();
  await redis.cleanup();
  await database.drop();
});

const entry = (id: string, occurredAt: string): AuditEntry => ({
  _id: id,
  occurredAt,
  actor: { _id: 'a1', username: 'alice' },
  action: 'post.approve',
  targetType: 'post',
  targetId: 'p1',
  targetLabel: 'A post',
  changes: [{ field: 'status', before: 'pending', after: 'approved' }],
  batchId: null,
  service: 'catalog',
});

async function rowsOf(id: string) {
  return db.selectFrom('audit_log').selectAll().where('id', '=', id).execute();
}

describe('the audit log worker', () => {
  it('keeps an entry delivered twice once', async () => {
    const queue = createAuditEventsQueue(connection(), redis.prefix);
    const id = '11111111-1111-4111-8111-111111111111';
    const payload = entry(id, new Date().toISOString()) as AuditEventPayload;
    // Published twice by a relay that died before marking its batch (the same job id: one job), and
    // once more after BullMQ forgot the first job.
    const job = contractJob(QueueContracts.auditEvents, payload, id);
    await queue.addBulk([job, job]);
    await queue.add(job.name, job.data, { ...job.opts, jobId: `${id}-again` });
    await waitFor(async () => ((await queue.getJobCounts('completed')).completed ?? 0) >= 2);
    const stored = await rowsOf(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ action: 'post.approve', actor_username: 'alice', service: 'catalog' });
    await queue.close();
  });

  it('purges entries older than the retention period and keeps the rest', async () => {
    const day = 24 * 3600 * 1000;
    const old = '22222222-2222-4222-8222-222222222222';
    const recent = '33333333-3333-4333-8333-333333333333';
    await insertAuditEntries(db, [
      entry(old, new Date(Date.now() - 401 * day).toISOString()),
      entry(recent, new Date(Date.now() - 399 * day).toISOString()),
    ]);
    expect(await worker.purge()).toBe(1);
    expect(await rowsOf(old)).toHaveLength(0);
    expect(await rowsOf(recent)).toHaveLength(1);
  });
});
