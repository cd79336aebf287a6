/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Counting matching posts when the filters are on links only and name a recommendation but no
 * status (README "Counting matching posts"): the matching links' post ids come from an index-only
 * scan already in post order, so the distinct posts are counted by one pass (no hash of every id).
 * Partial: a link without a recommendation matches no recommendation filter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index links_recommendation_post_idx
    on link_validation.links (recommendation, post_id, last_checked)
    where recommendation is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index link_validation.links_recommendation_post_idx`.execute(db);
}
