import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * A service's audit outbox: the audit entries of its admin writes, written in the write's own
 * transaction (so there is no change without its entry and no entry without its change) and swept
 * onto the audit-events queue, which accounts drains into the one audit log. The table is
 * `audit_outbox` in the service's own schema (its pools' search_path); each service's migration
 * creates it with the columns below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Database
type Db = Kysely<any> | Transaction<any>;

/** An entry as it goes on the queue: the payload carries its own `_id` and `occurredAt`. */
export interface AuditOutboxRow {
  id: string;
  payload: Record<string, unknown> & { _id: string; occurredAt: string };
}

/**
 * Writes entries inside the caller's transaction. Each gets a new id (the consumer's idempotency
 * key) and the time of the write. Returns the ids, for publishing right after the commit.
 */
export async function writeAuditEvents(
  db: Db,
  service: string,
  entries: readonly Record<string, unknown>[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const occurredAt = new Date().toISOString();
  const rows = entries.map((entry) => {
    const id = randomUUID();
    return { id, payload: { batchId: null, ...entry, _id: id, occurredAt, service } };
  });
  await sql`insert into audit_outbox (id, payload)
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, payload jsonb)`.execute(
    db,
  );
  return rows.map((row) => row.id);
}

/** Unpublished entries, oldest first; `ids` limits them to given rows. */
export async function listUnpublishedAuditEvents(
  db: Db,
  limit: number,
  ids?: readonly string[],
): Promise<AuditOutboxRow[]> {
  const only = ids ? sql`and id = any(${sql.val(ids)}::uuid[])` : sql``;
  const { rows } = await sql<AuditOutboxRow>`select id, payload from audit_outbox
    where published_at is null ${only} order by created_at, id limit ${limit}`.execute(db);
  return rows;
}

export async function markAuditEventsPublished(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`update audit_outbox set published_at = now()
    where id = any(${sql.val(ids)}::uuid[])`.execute(db);
}

/** Published rows are only a record of delivery: kept a while for tracing, then dropped. */
export async function deletePublishedAuditEvents(db: Db, publishedBefore: Date): Promise<number> {
  const result = await sql`delete from audit_outbox
    where published_at is not null and published_at < ${publishedBefore}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The outbox as @celebstyle/queue's publishAuditEvents reads it. */
export function auditOutboxSource(db: Db) {
  return {
    listUnpublished: (limit: number, ids?: readonly string[]) => listUnpublishedAuditEvents(db, limit, ids),
    markPublished: (ids: readonly string[]) => markAuditEventsPublished(db, ids),
  };
}
