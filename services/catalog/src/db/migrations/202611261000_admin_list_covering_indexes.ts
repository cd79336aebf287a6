/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The back office list (docs/spec/admin.md §2 Post Management) walks a sort index and filters as it
// goes. With the filter columns only in the table, every entry walked cost a heap read: sorted by
// celebrity and filtered by one show, a page walked up to 26,000 entries (the show's cast names come
// late in the alphabet) and read as many table rows.
// The sort indexes now carry every column the list filters on (celebrity, show, brand, product type,
// platform, and title for the substring search; status in the indexes over every status), so the
// walk is an index-only scan that reads no table row until the page's 20 ids are known (before and
// after in services/catalog/BENCHMARKS.md).
const FILTER_COLUMNS = sql`celebrity, show, brand, product_type, platform, title`;

const SORT_INDEXES: Array<[name: string, key: string, allStatuses: boolean]> = [
  ['posts_status_created_idx', 'status, created_at desc, id desc', false],
  ['posts_status_updated_idx', 'status, updated_at desc, id desc', false],
  ['posts_status_title_idx', 'status, lower(title), id', false],
  ['posts_status_celebrity_idx', 'status, lower(celebrity), id', false],
  ['posts_status_views_idx', 'status, view_count desc, id desc', false],
  ['posts_created_idx', 'created_at desc, id desc', true],
  ['posts_updated_idx', 'updated_at desc, id desc', true],
  ['posts_title_idx', 'lower(title), id', true],
  ['posts_celebrity_idx', 'lower(celebrity), id', true],
  ['posts_views_idx', 'view_count desc, id desc', true],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  for (const [name, key, allStatuses] of SORT_INDEXES) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    const included = allStatuses ? sql`status, ${FILTER_COLUMNS}` : FILTER_COLUMNS;
    await sql`create index ${sql.ref(name)} on posts (${sql.raw(key)}) include (${included})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  for (const [name, key] of SORT_INDEXES) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    const included = name === 'posts_status_celebrity_idx' ? sql` include (celebrity)` : sql``;
    await sql`create index ${sql.ref(name)} on posts (${sql.raw(key)})${included}`.execute(db);
  }
}
