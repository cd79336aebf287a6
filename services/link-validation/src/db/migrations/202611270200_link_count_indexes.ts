/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Indexes for counting matching posts when the filters are on links only but the per-post masks
 * cannot answer them (Recently Fixed: a status and a check time): the matching links' post ids
 * come from an index-only range scan, and the deleted posts, few, from a partial index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index links_status_checked_idx on link_validation.links (link_status, last_checked)
    include (post_id)`.execute(db);
  await sql`create index posts_deleted_idx on link_validation.posts (id) where deleted`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index link_validation.posts_deleted_idx`.execute(db);
  await sql`drop index link_validation.links_status_checked_idx`.execute(db);
}
