/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The audit outbox of the support desk's admin writes: an entry per write, written in the write's
// own transaction and swept onto the audit-events queue, which accounts drains into the audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table support.audit_outbox (
      id uuid primary key,
      payload jsonb not null,
      created_at timestamptz not null default clock_timestamp(),
      published_at timestamptz
    )`.execute(db);
  await sql`create index audit_outbox_unpublished_idx on support.audit_outbox (created_at, id)
    where published_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists support.audit_outbox`.execute(db);
}
