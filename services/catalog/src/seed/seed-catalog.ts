import { sql, type Kysely } from 'kysely';
import { schema as CATALOG_SCHEMA } from '../db/migrate.ts';
import type { Database } from '../db/database.ts';
import { recordDeletionsWhere, recordPostEvents } from '../modules/post-events/post-events.outbox.ts';
import {
  generateCast,
  generateCelebrities,
  generatePosts,
  generateShows,
  type CatalogSeedOptions,
  type SeedPost,
} from './generate-catalog.ts';

export const DEFAULT_SEED = 42;
export const DEFAULT_SEED_POSTS = 2000;
/** A fixed instant, so `seed()` with no referenceDate gives the same catalogue on every machine. */
export const DEFAULT_REFERENCE_DATE = new Date('2026-11-01T12:00:00Z');
const BATCH_SIZE = 2000;
/** From this size on, secondary indexes are dropped during the load and rebuilt once after it. */
const REBUILD_INDEXES_FROM = 20_000;

export interface SeedOptions {
  seed?: number;
  posts?: number;
  referenceDate?: Date;
  /** Empty the catalog tables first (otherwise seeding a non-empty catalogue is refused). */
  reset?: boolean;
  onProgress?: (inserted: number, total: number) => void;
}

export interface SeedResult {
  posts: number;
  links: number;
  celebrities: number;
  shows: number;
  castMembers: number;
  durationMs: number;
}

/** True when the catalogue holds no posts (the launcher seeds then). */
export async function isCatalogEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .withSchema(CATALOG_SCHEMA)
    .selectFrom('posts')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

/**
 * Writes the deterministic demo catalogue (README, Demo catalogue) in one transaction. Rows go in as JSON
 * batches expanded by json_to_recordset: one round trip per 2,000 posts instead of one per row.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const resolved: CatalogSeedOptions = {
    seed: options.seed ?? DEFAULT_SEED,
    posts: options.posts ?? DEFAULT_SEED_POSTS,
    referenceDate: options.referenceDate ?? DEFAULT_REFERENCE_DATE,
  };
  const shows = generateShows(resolved.seed, resolved.referenceDate);
  const celebrities = generateCelebrities(resolved.seed, resolved.referenceDate);
  const cast = generateCast(resolved.seed, shows, celebrities);

  let links = 0;
  await db.transaction().execute(async (trx) => {
    // A bulk load and its index rebuild outlast the pool's per-statement timeout meant for requests.
    await sql`set local statement_timeout = 0`.execute(trx);
    // Whatever pool the caller passes (the launcher's may not set search_path), write to `catalog`.
    await sql`set local search_path to catalog, public`.execute(trx);
    if (options.reset) {
      // The posts replaced are announced as deleted, so consumers of the change feed drop them too.
      await recordDeletionsWhere(trx, sql`true`);
      await sql`truncate affiliate_links, posts, show_cast, shows, celebrities`.execute(trx);
    } else if (!(await isCatalogEmpty(trx))) {
      throw new Error('The catalogue is not empty; pass reset to replace it.');
    }
    await trx.insertInto('shows').values(shows).execute();
    await trx.insertInto('celebrities').values(celebrities).execute();
    if (cast.length > 0) await trx.insertInto('show_cast').values(cast).execute();

    const rebuild = resolved.posts >= REBUILD_INDEXES_FROM ? await dropSecondaryIndexes(trx) : [];

    let batch: SeedPost[] = [];
    let inserted = 0;
    const flush = async () => {
      links += await insertPostBatch(trx, batch);
      inserted += batch.length;
      batch = [];
      options.onProgress?.(inserted, resolved.posts);
    };
    for (const post of generatePosts(resolved, celebrities)) {
      batch.push(post);
      if (batch.length === BATCH_SIZE) await flush();
    }
    if (batch.length > 0) await flush();
    if (rebuild.length > 0) {
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const definition of rebuild) await sql.raw(definition).execute(trx);
    }
    // Every seeded post is announced on the change feed like any other new post: the catalog
    // worker's outbox sweep publishes these, so link validation learns every seeded link.
    await recordPostEvents(trx, 'created', sql`true`);
  });
  // VACUUM as well as ANALYZE: a freshly bulk-loaded table has no visibility map, so until
  // autovacuum gets to it every index-only scan (listing pages, anchors, counts) also reads the
  // heap; page 500 of the listing then reads 10,000 heap rows instead of 500 index entries.
  await sql`vacuum (analyze) catalog.posts, catalog.affiliate_links, catalog.celebrities, catalog.shows, catalog.show_cast`.execute(
    db,
  );

  return {
    posts: resolved.posts,
    links,
    celebrities: celebrities.length,
    shows: shows.length,
    castMembers: cast.length,
    durationMs: Math.round(performance.now() - started),
  };
}

async function insertPostBatch(db: Kysely<Database>, posts: SeedPost[]): Promise<number> {
  const postRows = posts.map(({ links: _links, ...post }) => post);
  const linkRows = posts.flatMap((post) => post.links);
  await sql`
    insert into posts (id, title, description, main_image, enhanced_image, additional_images, url, categories,
      date, parsed_date, created_at, updated_at, celebrity, show, brand, product_type, platform, status,
      is_top_pick, view_count, rejection_reason)
    select id, title, description, main_image, enhanced_image, additional_images, url, categories,
      date, parsed_date, created_at, updated_at, celebrity, show, brand, product_type, platform, status,
      is_top_pick, view_count, rejection_reason
    from json_to_recordset(${JSON.stringify(postRows)}::json) as x(
      id uuid, title text, description text, main_image text, enhanced_image text, additional_images text[],
      url text, categories text[], date text, parsed_date timestamptz, created_at timestamptz,
      updated_at timestamptz, celebrity text, show text, brand text, product_type text, platform text,
      status text, is_top_pick boolean, view_count integer, rejection_reason text)`.execute(db);
  await sql`
    insert into affiliate_links (id, post_id, position, text, url, real_url)
    select id, post_id, position, text, url, real_url
    from json_to_recordset(${JSON.stringify(linkRows)}::json) as x(
      id uuid, post_id uuid, position integer, text text, url text, real_url text)`.execute(db);
  return linkRows.length;
}

/**
 * Drops the posts table's secondary indexes (not those behind constraints) and returns their
 * definitions. Building a GIN index once is far cheaper than maintaining it row by row during a bulk
 * load; the definitions come from the database, so the migration stays the one source of truth.
 */
async function dropSecondaryIndexes(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = 'posts'
      and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`.execute(db);
  for (const row of rows) await sql`drop index ${sql.id(row.name)}`.execute(db);
  return rows.map((r) => r.definition);
}
