/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The back office list (docs/spec/admin.md §2 Post Management) filtered by a brand and a product type
// together: the few posts of both were found by walking a sort index over every status. With both
// values in one index the page reads only those posts and sorts them (services/catalog README, Admin
// API, Indexes). Status last, so one index serves a
// status and every status, and the total is an index-only count.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create index posts_brand_product_type_idx on posts (lower(brand), lower(product_type), status)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop index if exists posts_brand_product_type_idx`.execute(db);
}
