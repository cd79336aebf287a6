/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The audit outbox: an audit entry per admin write, written in the write's own transaction and
// swept onto the audit-events queue, which accounts drains into the one audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to link_validation, public`.execute(db);
  await sql`
    create table audit_outbox (
      id uuid primary key,
      payload jsonb not null,
      created_at timestamptz not null default clock_timestamp(),
      published_at timestamptz
    )`.execute(db);
  await sql`create index audit_outbox_unpublished_idx on audit_outbox (created_at, id)
    where published_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to link_validation, public`.execute(db);
  await sql`drop table if exists audit_outbox`.execute(db);
}
