import { sql, type RawBuilder } from 'kysely';
import type { ResultFilters } from './result-filters.ts';

/**
 * The searchable text of a post (title, celebrity, show, brand) and of a link (text and every
 * URL), one expression each so that a trigram index serves ILIKE. The migration
 * 202611260310_link_search_indexes spells the same expressions; keep them identical.
 */
const postSearchText = (alias: string) =>
  sql.raw(
    `(${alias}title || chr(10) || ${alias}celebrity || chr(10) || ${alias}show || chr(10) || ${alias}brand)`,
  );
const linkSearchText = (alias: string) =>
  sql.raw(
    `(${alias}link_text || chr(10) || ${alias}original_url || chr(10) || coalesce(${alias}clean_url, '') || chr(10) || ` +
      `coalesce(${alias}final_url, '') || chr(10) || coalesce(${alias}catalog_real_url, ''))`,
  );

/** LIKE patterns treat the admin's text literally. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const and = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`true` : sql`(${sql.join(conditions, sql` and `)})`;

/** Conditions on the post (alias p); deleted posts never appear. */
export function postConditions(f: ResultFilters): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`p.deleted = false`];
  if (f.postId) c.push(sql`p.id = ${f.postId}`);
  if (f.celebrity) c.push(sql`p.celebrity = ${f.celebrity}`);
  if (f.show) c.push(sql`p.show = ${f.show}`);
  if (f.brand) c.push(sql`p.brand = ${f.brand}`);
  if (f.platform) c.push(sql`p.platform = ${f.platform}`);
  if (f.productType) c.push(sql`p.product_type = ${f.productType}`);
  if (f.search) {
    // Necessary, not sufficient (linkConditions decides per link): the posts the search can reach,
    // found through the trigram indexes rather than by reading every post and link.
    const pattern = likePattern(f.search);
    c.push(sql`p.id in (
      select id from link_validation.posts where ${postSearchText('')} ilike ${pattern}
      union select post_id from link_validation.links where ${linkSearchText('')} ilike ${pattern})`);
  }
  return and(c);
}

/**
 * Conditions on one link (alias l) of post p. Confidence compares as real, the stored type, so
 * a link stored at 0.4 passes maxConfidence 0.4.
 */
export function linkConditions(f: ResultFilters): RawBuilder<unknown> {
  const c = statusAndCheckConditions(f, 'l');
  if (f.retailer) c.push(sql`l.retailer = ${f.retailer}`);
  if (f.minConfidence !== undefined) c.push(sql`l.confidence >= ${f.minConfidence}::real`);
  if (f.maxConfidence !== undefined) c.push(sql`l.confidence <= ${f.maxConfidence}::real`);
  if (f.search) {
    const pattern = likePattern(f.search);
    c.push(sql`(${postSearchText('p.')} ilike ${pattern} or ${linkSearchText('l.')} ilike ${pattern})`);
  }
  return and(c);
}

/**
 * The link conditions as conditions on a link's schedule row (alias s, which copies the link's
 * status, recommendation and post beside its check time, migration 202611270600_link_schedule),
 * or null when the filters name something only the link row has.
 */
export function scheduleConditions(f: ResultFilters): RawBuilder<unknown> | null {
  if (f.retailer || f.search || f.minConfidence !== undefined || f.maxConfidence !== undefined) return null;
  return and(statusAndCheckConditions(f, 's'));
}

/** The filters a link row and its schedule row both answer: status, recommendation, check time. */
function statusAndCheckConditions(f: ResultFilters, alias: 'l' | 's'): RawBuilder<unknown>[] {
  const row = sql.raw(alias);
  const c: RawBuilder<unknown>[] = [];
  if (f.linkStatuses) c.push(sql`${row}.link_status in (${sql.join(f.linkStatuses)})`);
  if (f.recommendation) c.push(sql`${row}.recommendation = ${f.recommendation}`);
  if (f.validatedFrom) c.push(sql`${row}.last_checked >= ${f.validatedFrom}`);
  if (f.validatedUntil) c.push(sql`${row}.last_checked < ${f.validatedUntil}`);
  return c;
}

const POST_SORT_COLUMNS = {
  postCreated: sql`p.post_created_at`,
  postTitle: sql`p.title`,
  celebrity: sql`p.celebrity`,
  show: sql`p.show`,
  brand: sql`p.brand`,
  platform: sql`p.platform`,
  postStatus: sql`p.status`,
} as const;

/**
 * The order of posts. Ties follow the sort's direction (newest first when descending) and end on
 * the id, so pages never overlap; the directions match the indexes of the results migration.
 */
export function postOrder(f: ResultFilters): RawBuilder<unknown> {
  if (f.sortBy === 'linkIndex') return sql`p.post_created_at desc, p.id asc`;
  const dir = f.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  if (f.sortBy === 'postCreated') {
    return f.sortOrder === 'asc'
      ? sql`p.post_created_at asc, p.id desc`
      : sql`p.post_created_at desc, p.id asc`;
  }
  return sql`${POST_SORT_COLUMNS[f.sortBy]} ${dir}, p.post_created_at ${dir}, p.id ${dir}`;
}

/** Links inside a post: by linkIndex, descending only when linkIndex is the sort and asked so. */
export function linkOrder(f: ResultFilters): RawBuilder<unknown> {
  return f.sortBy === 'linkIndex' && f.sortOrder === 'desc' ? sql`l.link_index desc` : sql`l.link_index asc`;
}
