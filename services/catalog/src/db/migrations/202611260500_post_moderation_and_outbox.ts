/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// Post moderation (admin.md §4 Post status) and the post-changed outbox.
// status_before_hidden: unhide gives a post back the status it had when it was hidden.
// post_events_outbox: a post-changed event per post write, written in the write's own transaction
// and swept onto the post-events queue, so there is no change without its event and no event
// without its change.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`alter table posts add column status_before_hidden text
    check (status_before_hidden in ('pending', 'approved', 'rejected'))`.execute(db);
  await sql`
    create table post_events_outbox (
      id uuid primary key default gen_random_uuid(),
      post_id uuid not null,
      kind text not null check (kind in ('created', 'updated', 'status-changed', 'deleted')),
      version bigint not null,
      payload jsonb not null,
      created_at timestamptz not null default clock_timestamp(),
      published_at timestamptz
    )`.execute(db);
  await sql`create index post_events_outbox_unpublished_idx on post_events_outbox (created_at, id)
    where published_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop table if exists post_events_outbox`.execute(db);
  await sql`alter table posts drop column if exists status_before_hidden`.execute(db);
}
