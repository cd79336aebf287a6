import type { FacetCount, PostFacets, PostSortField } from '@celebstyle/contracts';
import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import { listingTextContains } from '../../db/listing-text.ts';
import type { PostFilters } from './post-filters.ts';

type PostsQuery = SelectQueryBuilder<Database, 'posts', object>;
export type SortOrder = 'asc' | 'desc';

/** storefront.md §4: Latest Outfits keeps the newest 100 by updated or created date. */
export const LATEST_KEEP = 100;
/**
 * storefront.md §2, §9: the Top Picks page lists the top 100 (top picks, newest first); the Fashion
 * listing's Top Picks mode keeps the same 100, so both say the same number.
 */
export const TOP_PICKS_KEEP = 100;
/** Facet lists are bounded so a catalogue with thousands of brands never sends them all. */
export const FACET_LIMIT = 200;

// Each sort walks one of the partial indexes of the schema migrations (… where status = 'approved').
// Price: posts without a price come last in both orders, so each order has its own expression and
// index (migration link_offers): +∞ for no price ascending, −∞ descending.
const SORT_COLUMNS: Record<Exclude<PostSortField, 'price'>, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  viewCount: 'view_count',
  title: 'title',
};
const UNPRICED = { asc: sql`'Infinity'::numeric`, desc: sql`'-Infinity'::numeric` };

/** The sort's expression over the posts row (`p.` in a page read, where `alias` is 'p'). */
function sortExpression(sort: PostSortField, order: SortOrder, alias?: string): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  if (sort === 'price') return sql`coalesce(${column('offer_price')}, ${UNPRICED[order]})`;
  if (sort === 'title') return sql`lower(${column('title')})`;
  return sql`${column(SORT_COLUMNS[sort])}`;
}
const SORT_CASTS: Record<PostSortField, RawBuilder<unknown>> = {
  createdAt: sql`::timestamptz`,
  updatedAt: sql`::timestamptz`,
  viewCount: sql`::integer`,
  title: sql`::text`,
  price: sql`::numeric`,
};

/** `column in (values)`; an empty list selects nothing (SQL has no empty `in ()`). */
function inList(column: string, values: readonly string[]): RawBuilder<SqlBool> {
  return values.length === 0
    ? sql<SqlBool>`false`
    : sql<SqlBool>`${sql.raw(column)} in (${sql.join(values)})`;
}

/** Every condition of the Fashion listing; approved posts only, always. */
function filterConditions(
  filters: PostFilters,
  options: { skipLatest?: boolean } = {},
): Expression<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`status = 'approved'`];
  if (filters.shows) conditions.push(inList('lower(show)', filters.shows));
  if (filters.celebrities) conditions.push(inList('lower(celebrity)', filters.celebrities));
  if (filters.brands) conditions.push(inList('lower(brand)', filters.brands));
  if (filters.productTypes) conditions.push(inList('lower(product_type)', filters.productTypes));
  if (filters.platform) conditions.push(sql<SqlBool>`platform = ${filters.platform}`);
  if (filters.search) conditions.push(listingTextContains(filters.search));
  // Through the ascending price index's expression, so that index serves a price range.
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    const price = sortExpression('price', 'asc');
    if (filters.minPrice !== null) conditions.push(sql<SqlBool>`${price} >= ${filters.minPrice}::numeric`);
    conditions.push(
      filters.maxPrice !== null
        ? sql<SqlBool>`${price} <= ${filters.maxPrice}::numeric`
        : sql<SqlBool>`${price} < ${UNPRICED.asc}`,
    );
  }
  if (filters.filter === 'top') conditions.push(sql<SqlBool>`id in (${topPickIds()})`);
  if (filters.filter === 'latest' && !options.skipLatest) {
    conditions.push(sql<SqlBool>`id in (${latestIds(filters)})`);
  }
  return conditions;
}

/** The ids of GET /api/posts/top-picks?limit=100, in its order (shortListIds). */
function topPickIds(): RawBuilder<unknown> {
  return sql`select id from posts where status = 'approved' and is_top_pick
    order by created_at desc, id desc limit ${TOP_PICKS_KEEP}`;
}

function latestIds(filters: PostFilters): RawBuilder<unknown> {
  return sql`select id from posts where ${sql.join(filterConditions(filters, { skipLatest: true }), sql` and `)}
    order by updated_at desc, id desc limit ${LATEST_KEEP}`;
}

function filtered(db: Kysely<Database>, filters: PostFilters): PostsQuery {
  const conditions = filterConditions(filters);
  return db.selectFrom('posts').where((eb) => eb.and(conditions));
}

/**
 * The query of one page's post ids, for loadPublicPostPage to read those posts in the same round
 * trip. With an anchor, the page starts at or after that row (keyset), then skips.
 */
export function pagePostIdsQuery(
  db: Kysely<Database>,
  filters: PostFilters,
  sort: PostSortField,
  order: SortOrder,
  skip: number,
  limit: number,
  anchor: Anchor | null,
) {
  const column = sortExpression(sort, order);
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  let query = filtered(db, filters);
  if (anchor) {
    const comparison = order === 'asc' ? sql`>=` : sql`<=`;
    query = query.where(
      sql<SqlBool>`(${column}, id) ${comparison} (${anchor.value}${SORT_CASTS[sort]}, ${anchor.id}::uuid)`,
    );
  }
  return query
    .select('id')
    .orderBy(sql`${column} ${direction}`)
    .orderBy(sql`id ${direction}`)
    .offset(skip)
    .limit(limit);
}

/** The listing's order over the posts row `p` of a page read (loadPublicPostPage). */
export function pageOrder(sort: PostSortField, order: SortOrder): RawBuilder<unknown> {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return sql`${sortExpression(sort, order, 'p')} ${direction}, p.id ${direction}`;
}

/** A row of a sorted listing: its sort value as text (microseconds kept) and its id. */
export interface Anchor {
  value: string;
  id: string;
}

/**
 * Every `step`-th row of the listing in its sort order (rows 0, step, 2·step, …). A page deep in the
 * list then starts from the nearest anchor by keyset and skips fewer than `step` rows, so page 500
 * costs about what page 1 costs. Computed once per data version and cached.
 *
 * Plans (EXPLAIN ANALYZE and timings in services/catalog/BENCHMARKS.md, Deep pagination):
 *   page 1:   Index Only Scan posts_approved_created_idx, 20 rows
 *   page 500: Index Only Scan posts_approved_created_idx, Index Cond ROW(created_at, id) <= anchor,
 *             500 rows
 *   page 500 by plain OFFSET 9980: 10,000 rows, growing linearly with the page.
 */
export async function listingAnchors(
  db: Kysely<Database>,
  filters: PostFilters,
  sort: PostSortField,
  order: SortOrder,
  step: number,
): Promise<Anchor[]> {
  const column = sortExpression(sort, order);
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<Anchor>`
    select value, id from (
      select ${column}::text as value, id::text as id,
        row_number() over (order by ${column} ${direction}, id ${direction}) - 1 as position
      from posts where ${sql.join(filterConditions(filters), sql` and `)}
    ) ranked
    where position % ${step} = 0
    order by position`.execute(db);
  return rows;
}

type FacetKey = keyof PostFacets;
/** Each facet group, the posts column it counts and the filter of that column. */
const FACET_GROUPS: { key: FacetKey; filter: 'shows' | 'celebrities' | 'brands' | 'productTypes' }[] = [
  { key: 'shows', filter: 'shows' },
  { key: 'celebrities', filter: 'celebrities' },
  { key: 'brands', filter: 'brands' },
  { key: 'productTypes', filter: 'productTypes' },
];

const all = (conditions: Expression<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;

/**
 * The total and the four facet lists in one scan (grouping sets). The usual faceted-search rule: a
 * group's counts apply every filter except the group's own, so a visitor who chose one show still
 * sees the other shows (with the posts each would add) and can widen the choice. The scan takes the
 * filters no group owns (approved, platform, search, top picks); each count adds the others' filters.
 * Latest Outfits (the newest 100 under the filters) is taken per group under that group's filters.
 */
export async function countAndFacets(
  db: Kysely<Database>,
  filters: PostFilters,
): Promise<{ total: number; facets: PostFacets }> {
  const without = (group?: FacetKey): PostFilters => ({
    ...filters,
    ...(group ? { [FACET_GROUPS.find((g) => g.key === group)!.filter]: null } : {}),
  });
  const shared: PostFilters = {
    ...filters,
    shows: null,
    celebrities: null,
    brands: null,
    productTypes: null,
    filter: filters.filter === 'latest' ? null : filters.filter,
  };
  // the conditions of `f` beyond the shared ones: the group filters, and latest under f
  const own = (f: PostFilters) => {
    const conditions: RawBuilder<SqlBool>[] = [];
    if (f.shows) conditions.push(inList('lower(show)', f.shows));
    if (f.celebrities) conditions.push(inList('lower(celebrity)', f.celebrities));
    if (f.brands) conditions.push(inList('lower(brand)', f.brands));
    if (f.productTypes) conditions.push(inList('lower(product_type)', f.productTypes));
    if (f.filter === 'latest') conditions.push(sql<SqlBool>`id in (${latestIds(f)})`);
    return all(conditions);
  };
  const { rows } = await sql<{
    dimension: FacetKey | 'total';
    name: string | null;
    shows: number;
    celebrities: number;
    brands: number;
    productTypes: number;
    total: number;
  }>`
    select case
        when grouping(show) = 0 then 'shows'
        when grouping(celebrity) = 0 then 'celebrities'
        when grouping(brand) = 0 then 'brands'
        when grouping(product_type) = 0 then 'productTypes'
        else 'total' end as dimension,
      coalesce(show, celebrity, brand, product_type) as name,
      count(*) filter (where ${own(without('shows'))})::int as "shows",
      count(*) filter (where ${own(without('celebrities'))})::int as "celebrities",
      count(*) filter (where ${own(without('brands'))})::int as "brands",
      count(*) filter (where ${own(without('productTypes'))})::int as "productTypes",
      count(*) filter (where ${own(without())})::int as "total"
    from posts
    where ${all(filterConditions(shared))}
    group by grouping sets ((show), (celebrity), (brand), (product_type), ())`.execute(db);
  const facets: PostFacets = { shows: [], celebrities: [], brands: [], productTypes: [] };
  let total = 0;
  for (const row of rows) {
    if (row.dimension === 'total') total = row.total;
    else if (row.name !== null && row[row.dimension] > 0)
      facets[row.dimension].push({ name: row.name, count: row[row.dimension] });
  }
  const byCount = (a: FacetCount, b: FacetCount) => b.count - a.count || a.name.localeCompare(b.name);
  for (const key of Object.keys(facets) as FacetKey[]) {
    facets[key] = facets[key].sort(byCount).slice(0, FACET_LIMIT);
  }
  return { total, facets };
}

/** storefront.md §7: top picks = isTopPick newest first; popular = most viewed. */
export async function shortListIds(
  db: Kysely<Database>,
  kind: 'top-picks' | 'popular',
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom('posts').select('id').where('status', '=', 'approved');
  query =
    kind === 'top-picks'
      ? query.where('is_top_pick', '=', true).orderBy('created_at', 'desc').orderBy('id', 'desc')
      : query.orderBy('view_count', 'desc').orderBy('id', 'desc');
  const rows = await query.limit(limit).execute();
  return rows.map((row) => row.id);
}
