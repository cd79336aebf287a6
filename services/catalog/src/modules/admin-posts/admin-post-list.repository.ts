import type { AdminPost, AdminPostListQuery, AdminPostSortField } from '@celebstyle/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listingTextContains } from '../../db/listing-text.ts';
import { ADMIN_POST_COLUMNS, adminLinksOf, toAdminPost } from './admin-post.mapper.ts';

const SORT_EXPRESSIONS: Record<AdminPostSortField, RawBuilder<unknown>> = {
  createdAt: sql`created_at`,
  updatedAt: sql`updated_at`,
  title: sql`lower(title)`,
  celebrity: sql`lower(celebrity)`,
  viewCount: sql`view_count`,
};

/**
 * The back office's conditions (admin.md §2 Post Management): values come from the filter lists,
 * so names match whole and case-insensitively; search is a substring of title, celebrity, show or
 * brand, as on the storefront.
 */
function conditions(query: AdminPostListQuery): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  if (query.status !== 'all') where.push(sql<SqlBool>`status = ${query.status}`);
  const exact = (column: string, value: string | undefined) => {
    const trimmed = value?.trim();
    if (trimmed) where.push(sql<SqlBool>`lower(${sql.raw(column)}) = ${trimmed.toLowerCase()}`);
  };
  exact('celebrity', query.celebrity);
  exact('show', query.show);
  exact('brand', query.brand);
  exact('product_type', query.productType);
  if (query.platform) where.push(sql<SqlBool>`platform = ${query.platform}`);
  const search = query.search?.trim().replace(/\s+/g, ' ').toLowerCase();
  if (search) where.push(listingTextContains(search));
  return where;
}

/** The filters of a list without its sort and page: the key of its cached count. */
export const filterKey = (query: AdminPostListQuery) =>
  JSON.stringify([
    query.status,
    query.celebrity,
    query.show,
    query.brand,
    query.productType,
    query.platform,
    query.search,
  ]);

/** The conditions, order and window of a page: its ids in the list's order. */
function pageIdsQuery(db: Kysely<Database>, query: AdminPostListQuery) {
  const where = conditions(query);
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const column = SORT_EXPRESSIONS[query.sortBy];
  return db
    .selectFrom('posts')
    .select('id')
    .where(() => (where.length > 0 ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`))
    .orderBy(sql`${column} ${direction}`)
    .orderBy(sql`id ${direction}`)
    .offset((query.page - 1) * query.limit)
    .limit(query.limit);
}

export interface PagePlan {
  /**
   * Walk the sort index in the list's order, testing each entry against the filters, and stop at
   * the page's end, instead of collecting every match of a search through its trigram index and
   * sorting them. The planner cannot tell which is cheaper: it estimates a search's matches at a
   * few dozen whatever the term (a common term matches thousands, each a table row to read), so
   * the caller, who knows the list's total, decides (see searchWalksSortIndex).
   */
  walkSortIndex?: boolean;
}

/**
 * One page of posts of any status. The page's ids come from an index walk in the list's order
 * (the status × sort indexes), and only those rows are read with their links.
 */
export async function adminPostPage(
  db: Kysely<Database>,
  query: AdminPostListQuery,
  plan: PagePlan = {},
): Promise<AdminPost[]> {
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const column = SORT_EXPRESSIONS[query.sortBy];
  if (plan.walkSortIndex) {
    // Settings for this one statement only (a transaction's local settings): no bitmap of the
    // trigram index, no sort of the matches, no parallel workers for a walk of a few hundred entries.
    const ids = await db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true),
        set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
      return (await pageIdsQuery(trx, query).execute()).map((row) => row.id);
    });
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('posts')
      .select(ADMIN_POST_COLUMNS.map((c) => `posts.${c}` as const))
      .select(adminLinksOf('posts').as('links'))
      .where(sql<SqlBool>`posts.id = any(${ids}::uuid[])`)
      .orderBy(sql`${column} ${direction}`)
      .orderBy(sql`posts.id ${direction}`)
      .execute();
    return rows.map((row) => toAdminPost(row, row.links));
  }

  const rows = await db
    .with('page', () => pageIdsQuery(db, query))
    .selectFrom('page')
    .innerJoin('posts', 'posts.id', 'page.id')
    .select(ADMIN_POST_COLUMNS.map((c) => `posts.${c}` as const))
    .select(adminLinksOf('posts').as('links'))
    .orderBy(sql`${column} ${direction}`)
    .orderBy(sql`posts.id ${direction}`)
    .execute();
  return rows.map((row) => toAdminPost(row, row.links));
}

/** Index entries a walk in sort order may read before it stops, beyond which a bitmap is cheaper. */
const SORT_WALK_MAX_ENTRIES = 5_000;

/**
 * Whether a searched page is cheaper by walking the sort index (PagePlan.walkSortIndex): the walk
 * reads about (offset + limit) × postsOfStatus / matches entries, a few hundred for a common term,
 * against one table row per match for the trigram bitmap. A rare term keeps the bitmap.
 */
export function searchWalksSortIndex(
  query: AdminPostListQuery,
  matches: number,
  postsOfStatus: number,
): boolean {
  if (!query.search?.trim() || matches === 0) return false;
  const entries = (query.page * query.limit * postsOfStatus) / matches;
  return entries <= SORT_WALK_MAX_ENTRIES;
}

/** How many posts match the list's filters (whatever its sort and page). */
export async function countAdminPosts(db: Kysely<Database>, query: AdminPostListQuery): Promise<number> {
  const where = conditions(query);
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { rows } = await sql<{ total: number }>`select count(*)::int as total from posts ${whereSql}`.execute(
    db,
  );
  return rows[0]?.total ?? 0;
}

type FilterColumn = 'celebrity' | 'show' | 'brand' | 'product_type' | 'platform';

/** The distinct values of one column over every post (admin.md §3 Filter options), A to Z. */
export async function distinctValues(db: Kysely<Database>, column: FilterColumn): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`
    select value from (select distinct ${sql.ref(column)} as value from posts) v
    where btrim(value) <> '' order by lower(value), value`.execute(db);
  return rows.map((row) => row.value);
}

/**
 * "Select all N matching": up to `max` posts of the list's filters in its order, each with its
 * status and rejection reason (what the console needs to undo an action on it).
 */
export async function matchingPosts(
  db: Kysely<Database>,
  query: Omit<AdminPostListQuery, 'page' | 'limit'>,
  max: number,
): Promise<{ id: string; status: AdminPost['status']; rejection_reason: string | null }[]> {
  const where = conditions({ ...query, page: 1, limit: 1 });
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  return db
    .selectFrom('posts')
    .select(['id', 'status', 'rejection_reason'])
    .where(() => (where.length > 0 ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`))
    .orderBy(sql`${SORT_EXPRESSIONS[query.sortBy]} ${direction}`)
    .orderBy(sql`id ${direction}`)
    .limit(max)
    .execute();
}
