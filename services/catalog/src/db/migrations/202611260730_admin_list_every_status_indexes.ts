/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The back office list (docs/spec/admin.md §2 Post Management) at 200,000 posts, for what the
// status indexes do not cover:
// - status 'all' sorted by title, celebrity or views: an index per order, so a page is an index
//   walk, not a sort of every post;
// - counts of a filter within a status: the lower-cased value leads and the column itself is
//   included, so the count is an index-only scan (PostgreSQL reads an expression index alone only
//   when the expression's columns are in it) instead of a heap read per matching post;
// - search over every status: the storefront's trigram index covers approved posts only.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create index posts_title_idx on posts (lower(title), id)`.execute(db);
  await sql`create index posts_celebrity_idx on posts (lower(celebrity), id)`.execute(db);
  await sql`create index posts_views_idx on posts (view_count desc, id desc)`.execute(db);
  await sql`drop index posts_status_celebrity_idx`.execute(db);
  await sql`create index posts_status_celebrity_idx on posts (status, lower(celebrity), id) include (celebrity)`.execute(
    db,
  );
  await sql`create index posts_status_show_idx on posts (status, lower(show)) include (show)`.execute(db);
  await sql`create index posts_status_brand_idx on posts (status, lower(brand)) include (brand)`.execute(db);
  await sql`create index posts_status_product_type_idx on posts (status, lower(product_type)) include (product_type)`.execute(
    db,
  );
  await sql`create index posts_status_platform_idx on posts (status, platform)`.execute(db);
  await sql`create index posts_listing_text_all_trgm_idx on posts using gin
    (lower(title || ' ' || celebrity || ' ' || show || ' ' || brand) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  for (const name of [
    'posts_title_idx',
    'posts_celebrity_idx',
    'posts_views_idx',
    'posts_status_show_idx',
    'posts_status_brand_idx',
    'posts_status_product_type_idx',
    'posts_status_platform_idx',
    'posts_listing_text_all_trgm_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
  }
  await sql`drop index posts_status_celebrity_idx`.execute(db);
  await sql`create index posts_status_celebrity_idx on posts (status, lower(celebrity), id)`.execute(db);
}
