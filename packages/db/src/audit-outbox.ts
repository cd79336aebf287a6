import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * A service's audit outbox: the audit entries of its admin writes, written in the write's own
 * transaction (so there is no change without its entry and no entry without its change) and swept
 * onto the audit-events queue, which accounts drains into the one audit log. The table is
 * `<schema>.audit_outbox`; each service's migration creates it with the columns used below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Database
type Db = Kysely<any> | Transaction<any>;

/** An entry as it goes on the queue: the payload carries its own `_id` and `occurredAt`. */
export interface AuditOutboxRow {
  id: string;
  payload: Record<string, unknown> & { _id: string; occurredAt: string };
}

export interface AuditOutbox {
  /**
   * Writes entries inside the caller's transaction. Each gets a new id (the consumer's idempotency
   * key), the time of the write and the service's name. Returns the ids, to publish after commit.
   */
  write(trx: Db, entries: readonly Record<string, unknown>[]): Promise<string[]>;
  /** Unpublished entries, oldest first; `ids` limits them to given rows. */
  listUnpublished(db: Db, limit: number, ids?: readonly string[]): Promise<AuditOutboxRow[]>;
  markPublished(db: Db, ids: readonly string[]): Promise<void>;
  /** Published rows are only a record of delivery: kept a while for tracing, then dropped. */
  deletePublished(db: Db, publishedBefore: Date): Promise<number>;
  /** The outbox as @celebstyle/queue's publishAuditEvents reads it. */
  source(db: Db): {
    listUnpublished(limit: number, ids?: readonly string[]): Promise<AuditOutboxRow[]>;
    markPublished(ids: readonly string[]): Promise<void>;
  };
}

/** The audit outbox of `service`, in its schema `schema`. */
export function auditOutbox(schema: string, service: string): AuditOutbox {
  const table = sql.table(`${schema}.audit_outbox`);
  const outbox: AuditOutbox = {
    async write(trx, entries) {
      if (entries.length === 0) return [];
      const occurredAt = new Date().toISOString();
      const rows = entries.map((entry) => {
        const id = randomUUID();
        return { id, payload: { batchId: null, ...entry, _id: id, occurredAt, service } };
      });
      await sql`insert into ${table} (id, payload)
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, payload jsonb)`.execute(
        trx,
      );
      return rows.map((row) => row.id);
    },
    async listUnpublished(db, limit, ids) {
      const only = ids ? sql`and id = any(${sql.val(ids)}::uuid[])` : sql``;
      const { rows } = await sql<AuditOutboxRow>`select id, payload from ${table}
        where published_at is null ${only} order by created_at, id limit ${limit}`.execute(db);
      return rows;
    },
    async markPublished(db, ids) {
      if (ids.length === 0) return;
      await sql`update ${table} set published_at = now() where id = any(${sql.val(ids)}::uuid[])`.execute(db);
    },
    async deletePublished(db, publishedBefore) {
      const result = await sql`delete from ${table}
        where published_at is not null and published_at < ${publishedBefore}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
    source: (db) => ({
      listUnpublished: (limit, ids) => outbox.listUnpublished(db, limit, ids),
      markPublished: (ids) => outbox.markPublished(db, ids),
    }),
  };
  return outbox;
}
