/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (docs/conventions.md) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.
// audit_log: every admin write of every service, one row per entry. Rows are only ever inserted
// (by id, so a redelivered entry is kept once) and purged by age; no route updates or deletes one.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table audit_log (
      id uuid primary key,
      occurred_at timestamptz not null,
      actor_id text not null,
      actor_username text not null,
      action text not null,
      target_type text not null,
      target_id text not null,
      target_label text,
      changes jsonb not null default '[]'::jsonb,
      batch_id text,
      service text not null,
      recorded_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_log_newest_idx on audit_log (occurred_at desc, id desc)`.execute(db);
  await sql`create index audit_log_target_idx on audit_log (target_type, target_id, occurred_at desc)`.execute(
    db,
  );
  await sql`create index audit_log_actor_idx on audit_log (actor_id, occurred_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
}
