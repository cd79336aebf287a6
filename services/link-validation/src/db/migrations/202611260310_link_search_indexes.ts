/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Trigram indexes for the results search (case-insensitive substring over a post's title,
 * celebrity, show and brand, and over a link's text and URLs). The expressions must stay
 * identical to those of the results queries (modules/results/result-conditions.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index posts_search_trgm_idx on link_validation.posts using gin
    ((title || chr(10) || celebrity || chr(10) || show || chr(10) || brand) public.gin_trgm_ops)`.execute(db);
  await sql`create index links_search_trgm_idx on link_validation.links using gin
    ((link_text || chr(10) || original_url || chr(10) || coalesce(clean_url, '') || chr(10) ||
      coalesce(final_url, '') || chr(10) || coalesce(catalog_real_url, '')) public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('link_validation').dropIndex('links_search_trgm_idx').execute();
  await db.schema.withSchema('link_validation').dropIndex('posts_search_trgm_idx').execute();
}
