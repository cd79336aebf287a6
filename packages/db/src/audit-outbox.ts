import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * A service's audit outbox: the audit entries of its admin writes, written in the write's own
 * transaction (so there is no change without its entry and no entry without its change) and swept
 * onto the audit-events queue, which accounts drains into the one audit log. The table is
 * `<schema>.audit_outbox`; each service's migration creates it with the columns used below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Database
type Db = Kysely<any>;

export interface AuditOutbox {
  /**
   * Writes entries inside the caller's transaction. Each gets a new id (the consumer's idempotency
   * key), the time of the write and the service's name. Returns the ids, to publish after commit.
   */
  write(trx: Db, entries: readonly Record<string, unknown>[]): Promise<string[]>;
  /** Published rows are only a record of delivery: kept a while for tracing, then dropped. */
  deletePublished(db: Db, publishedBefore: Date): Promise<number>;
  /** The outbox as @celebstyle/queue's publishAuditEvents relays it. */
  source(db: Db): { db: Db; outbox: { table: string } };
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
    async deletePublished(db, publishedBefore) {
      const result = await sql`delete from ${table}
        where published_at is not null and published_at < ${publishedBefore}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
    source: (db) => ({ db, outbox: { table: `${schema}.audit_outbox` } }),
  };
  return outbox;
}
