/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The show fields an admin has set by hand (admin.md §7 PUT /admin/shows/{id}); enrichment from
// TVmaze never overwrites one of them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`alter table shows add column edited_fields text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`alter table shows drop column if exists edited_fields`.execute(db);
}
