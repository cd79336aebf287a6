/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// Post import upserts by the post's source URL (posts.url). Not unique: older catalogues may hold
// the same source twice; the import updates the oldest such post and never adds another.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`create index posts_url_idx on posts (url) where url is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop index if exists posts_url_idx`.execute(db);
}
