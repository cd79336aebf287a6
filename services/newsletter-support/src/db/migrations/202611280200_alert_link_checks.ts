/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The time of the last link-health event applied per link: a late event about an older check (a
// retry, a redelivery out of order) must not fire alerts on news that is no longer true.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table alerts.link_checks (
      link_id uuid primary key,
      checked_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists alerts.link_checks`.execute(db);
}
