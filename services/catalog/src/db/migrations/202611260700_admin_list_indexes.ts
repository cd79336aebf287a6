/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The back office list (admin.md §2 Post Management) filters by status and sorts by any of five
// fields: one index per sort within a status, so a page is an index walk, not a sort of every post
// of that status (170,000 approved ones at 200,000 posts). createdAt within a status already has
// posts_status_created_idx; updatedAt over every status gets its own.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create index posts_status_updated_idx on posts (status, updated_at desc, id desc)`.execute(db);
  await sql`create index posts_status_title_idx on posts (status, lower(title), id)`.execute(db);
  await sql`create index posts_status_celebrity_idx on posts (status, lower(celebrity), id)`.execute(db);
  await sql`create index posts_status_views_idx on posts (status, view_count desc, id desc)`.execute(db);
  await sql`create index posts_updated_idx on posts (updated_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  for (const name of [
    'posts_status_updated_idx',
    'posts_status_title_idx',
    'posts_status_celebrity_idx',
    'posts_status_views_idx',
    'posts_updated_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
  }
}
