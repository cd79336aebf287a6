/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The back office lists posts of every status newest first (admin.md §2 Post Management): the
// partial indexes of the public reads cover approved posts only.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create index posts_created_idx on posts (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop index if exists posts_created_idx`.execute(db);
}
