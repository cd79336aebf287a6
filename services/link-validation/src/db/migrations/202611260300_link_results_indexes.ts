/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the link validation results screen: one per sortable post column (the column, then
 * the newest-first tie-break), which also lets the filter dropdowns list distinct values by a
 * loose index scan instead of reading every post.
 */
const SORT_COLUMNS = ['title', 'celebrity', 'show', 'brand', 'platform', 'status', 'product_type'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SORT_COLUMNS) {
    await db.schema
      .withSchema('link_validation')
      .createIndex(`posts_${column}_sort_idx`)
      .on('posts')
      .columns([column, 'post_created_at', 'id'])
      .where(sql.ref('deleted'), '=', false)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of SORT_COLUMNS) {
    await db.schema.withSchema('link_validation').dropIndex(`posts_${column}_sort_idx`).execute();
  }
}
