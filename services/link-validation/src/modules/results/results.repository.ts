import type { LinkValidationFilterOptions } from '@celebstyle/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, PostRow } from '../../db/database.ts';
import {
  linkConditions,
  linkOrder,
  postConditions,
  postOrder,
  scheduleConditions,
} from './result-conditions.ts';
import type { ResultFilters } from './result-filters.ts';

type Db = Kysely<Database>;

/** A link with its post's fields, as the queries below select it. */
export interface ResultRow {
  post_id: string;
  title: string;
  main_image: string | null;
  enhanced_image: string | null;
  platform: string;
  status: string;
  post_created_at: Date;
  celebrity: string;
  show: string;
  brand: string;
  product_type: string;
  link_id: string;
  link_index: number;
  link_status: string;
  retailer: string | null;
  confidence: number;
  last_checked: Date | null;
  http_status: number | null;
  stock_status: string | null;
  price: string | null;
  currency: string | null;
  response_time: number | null;
  validation_count: number;
  next_check_at: Date | null;
  recommendation: string | null;
  error_message: string | null;
  link_text: string;
  clean_url: string | null;
  original_url: string;
  final_url: string | null;
  catalog_real_url: string | null;
  status_changed_by: string | null;
  status_changed_at: Date | null;
  status_notes: string | null;
}

const POST_COLUMNS = sql`p.id as post_id, p.title, p.main_image, p.enhanced_image, p.platform, p.status,
  p.post_created_at, p.celebrity, p.show, p.brand, p.product_type`;
const LINK_COLUMNS = sql`l.id as link_id, l.link_index, l.link_status, l.retailer, l.confidence, l.last_checked,
  l.http_status, l.stock_status, l.price, l.currency, l.response_time, l.validation_count,
  (select s.next_check_at from link_validation.link_schedule s where s.link_id = l.id) as next_check_at,
  l.recommendation, l.error_message, l.link_text, l.clean_url, l.original_url, l.final_url,
  l.catalog_real_url, l.status_changed_by, l.status_changed_at, l.status_notes`;

/** A post matches when it is not deleted, its own fields match, and one of its links matches. */
const matchingPosts = (f: ResultFilters): RawBuilder<unknown> => sql`${postConditions(f)} and exists (
  select 1 from link_validation.links l where l.post_id = p.id and ${linkConditions(f)})`;

/**
 * Statuses or a recommendation (the first column of a links index) and nothing on posts: the
 * links' indexes find the posts.
 */
const countFromLinks = (f: ResultFilters) =>
  (f.linkStatuses !== undefined || f.recommendation !== undefined) &&
  !f.search &&
  !f.postId &&
  !f.celebrity &&
  !f.show &&
  !f.brand &&
  !f.platform &&
  !f.productType;

export async function countMatchingPosts(db: Db, f: ResultFilters): Promise<number> {
  if (countFromLinks(f)) {
    // The distinct posts of the matching links, less the (few) deleted posts: an index range over
    // links instead of a semi-join of every live post. Statuses or a recommendation with check
    // dates and nothing else are read from the schedule's indexes (status, check time) and
    // (recommendation, post, check time) (migration 202611270600_link_schedule); other link
    // filters from the links' own indexes.
    const onSchedule = scheduleConditions(f);
    const matchingLinks = onSchedule
      ? sql`select s.post_id from link_validation.link_schedule s where ${onSchedule}`
      : sql`select l.post_id from link_validation.links l where ${linkConditions(f)}`;
    const { rows } = await sql<{ total: string }>`
      select count(*) as total from (
        select distinct post_id from (${matchingLinks}) link
        where post_id not in (select id from link_validation.posts where deleted)
      ) matching`.execute(db);
    return Number(rows[0]!.total);
  }
  const { rows } = await sql<{ total: string }>`
    select count(*) as total from link_validation.posts p where ${matchingPosts(f)}`.execute(db);
  return Number(rows[0]!.total);
}

/** One page of matching posts (ids in display order). */
export async function pageOfPostIds(
  db: Db,
  f: ResultFilters,
  offset: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id from link_validation.posts p where ${matchingPosts(f)}
    order by ${postOrder(f)} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

/** The matching links of the given posts, at most perPost each, grouped in the posts' order. */
export async function matchingLinksOfPosts(
  db: Db,
  f: ResultFilters,
  postIds: string[],
  perPost: number,
): Promise<ResultRow[]> {
  if (postIds.length === 0) return [];
  const { rows } = await sql<ResultRow>`
    select ${POST_COLUMNS}, ${LINK_COLUMNS}
    from unnest(${postIds}::uuid[]) with ordinality as page(id, position)
    join link_validation.posts p on p.id = page.id
    cross join lateral (
      select * from link_validation.links l
      where l.post_id = p.id and ${linkConditions(f)}
      order by ${linkOrder(f)} limit ${perPost}
    ) l
    order by page.position, ${linkOrder(f)}`.execute(db);
  return rows;
}

/** Export rows: matching links in display order, counted in links. */
export async function matchingLinkRows(
  db: Db,
  f: ResultFilters,
  offset: number,
  limit: number,
): Promise<ResultRow[]> {
  const { rows } = await sql<ResultRow>`
    select ${POST_COLUMNS}, ${LINK_COLUMNS}
    from link_validation.posts p join link_validation.links l on l.post_id = p.id
    where ${postConditions(f)} and ${linkConditions(f)}
    order by ${postOrder(f)}, ${linkOrder(f)} limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * Distinct values of a post column among posts that are not deleted, by a loose index scan (one
 * index probe per value, not a scan of every post): the dropdowns stay fast at 200,000 posts.
 */
async function distinctPostValues(
  db: Db,
  column: 'celebrity' | 'show' | 'brand' | 'platform' | 'product_type',
): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string }>`
    with recursive v(value) as (
      (select ${col} from link_validation.posts where deleted = false and ${col} > '' order by ${col} limit 1)
      union all
      select (select ${col} from link_validation.posts where deleted = false and ${col} > v.value
              order by ${col} limit 1)
      from v where v.value is not null
    ) select value from v where value is not null`.execute(db);
  return rows.map((row) => row.value);
}

/** Retailers of links whose post is not deleted, by the same loose index scan over links. */
async function distinctRetailers(db: Db): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`
    with recursive v(value) as (
      (select retailer from link_validation.links where retailer > '' order by retailer limit 1)
      union all
      select (select retailer from link_validation.links where retailer > v.value order by retailer limit 1)
      from v where v.value is not null
    ) select value from v where value is not null and exists (
      select 1 from link_validation.links l join link_validation.posts p on p.id = l.post_id
      where l.retailer = v.value and p.deleted = false)`.execute(db);
  return rows.map((row) => row.value);
}

/** §3 filterOptions: every value present, whatever the current filters (the dropdowns stay put). */
export async function filterOptions(db: Db): Promise<LinkValidationFilterOptions> {
  const [retailers, celebrities, shows, brands, platforms, productTypes] = await Promise.all([
    distinctRetailers(db),
    distinctPostValues(db, 'celebrity'),
    distinctPostValues(db, 'show'),
    distinctPostValues(db, 'brand'),
    distinctPostValues(db, 'platform'),
    distinctPostValues(db, 'product_type'),
  ]);
  return { retailers, celebrities, shows, brands, platforms, productTypes };
}

export interface StatusCounts {
  total: number;
  active: number;
  broken: number;
  soldOut: number;
  unknown: number;
}

export async function statusCounts(db: Db, broken: readonly string[]): Promise<StatusCounts> {
  const { rows } = await sql<Record<keyof StatusCounts, string>>`
    select count(*) as total,
      count(*) filter (where l.link_status = 'active') as active,
      count(*) filter (where l.link_status in (${sql.join([...broken])})) as broken,
      count(*) filter (where l.link_status = 'sold_out') as "soldOut",
      count(*) filter (where l.link_status = 'unknown') as unknown
    from link_validation.links l join link_validation.posts p on p.id = l.post_id
    where p.deleted = false`.execute(db);
  const row = rows[0]!;
  return {
    total: Number(row.total),
    active: Number(row.active),
    broken: Number(row.broken),
    soldOut: Number(row.soldOut),
    unknown: Number(row.unknown),
  };
}

/** The post fields of a result (the projection's own columns). */
export type PostRowFields = Pick<
  PostRow,
  | 'id'
  | 'title'
  | 'main_image'
  | 'enhanced_image'
  | 'platform'
  | 'status'
  | 'post_created_at'
  | 'celebrity'
  | 'show'
  | 'brand'
  | 'product_type'
>;

export async function findLivePost(db: Db, postId: string): Promise<PostRowFields | undefined> {
  return db
    .selectFrom('link_validation.posts')
    .select([
      'id',
      'title',
      'main_image',
      'enhanced_image',
      'platform',
      'status',
      'post_created_at',
      'celebrity',
      'show',
      'brand',
      'product_type',
    ])
    .where('id', '=', postId)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

export async function countLinksOfPost(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('link_validation.links')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
