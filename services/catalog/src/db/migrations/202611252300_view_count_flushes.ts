/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// View counts (README, View counts) arrive in batches from Redis. Each applied batch id is recorded in the
// same transaction as its counts, so a batch retried after a crash is never counted twice.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create table view_count_flushes (
    batch_id text primary key,
    flushed_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop table if exists view_count_flushes`.execute(db);
}
