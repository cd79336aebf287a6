/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// Public search only ever reads approved posts. A GIN index restricted to them keeps
// the planner from AND-ing the full-text bitmap with a status bitmap, a cost every search would
// pay that grows with the catalogue.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create index posts_approved_search_vector_idx on posts using gin (search_vector)
    where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop index if exists posts_approved_search_vector_idx`.execute(db);
}
