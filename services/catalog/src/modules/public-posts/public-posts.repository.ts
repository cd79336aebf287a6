import {
  AFFILIATE_LINK_PLACEHOLDER_URL,
  DeadLinkStatuses,
  type PostOffer,
  type PublicPost,
} from '@celebstyle/contracts';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { isoDate, isoDateOrNull } from '@celebstyle/db';
import type { Database, PostRow } from '../../db/database.ts';

type PostCardRow = Omit<PostRow, 'search_vector' | 'rejection_reason' | 'status_before_hidden'>;

const POST_COLUMNS = [
  'id',
  'title',
  'description',
  'main_image',
  'enhanced_image',
  'additional_images',
  'url',
  'categories',
  'date',
  'parsed_date',
  'created_at',
  'updated_at',
  'celebrity',
  'show',
  'brand',
  'product_type',
  'platform',
  'status',
  'is_top_pick',
  'view_count',
  'offer_link_id',
  'offer_price',
  'offer_currency',
  'sold_out',
] as const;

/** Link health statuses that mean the link is gone for good (the storefront reads the same list). */
const DEAD = sql`(${sql.join(DeadLinkStatuses.map((status) => sql.lit(status)))})`;

/** A link saved in the admin console without an address yet: never shown on the storefront. */
const NO_ADDRESS = sql.lit(AFFILIATE_LINK_PLACEHOLDER_URL);

/**
 * A post's affiliate links as the spec's JSON list, healthiest first (README "Link health"): active
 * links, then links not known to be dead (unchecked, unknown, blocked, failing), then sold-out
 * ones, each group in position order. Links known to be dead are left out while any other link
 * remains; a post whose every link is dead keeps them all (the storefront says the item is gone).
 */
const affiliateLinksOf = (table: string) =>
  sql<PublicPost['affiliateLinks']>`coalesce((
    select json_agg(json_build_object('_id', l.id, 'text', l.text, 'url', l.url, 'realUrl', l.real_url,
        'health', l.health_status, 'stockStatus', l.stock_status, 'price', l.price::float8, 'currency', l.currency,
        'retailer', l.retailer)
      order by case when l.health_status = 'active' then 0 when l.health_status = 'sold_out' then 2
                    when l.health_status in ${DEAD} then 3 else 1 end, l.position)
    from affiliate_links l
    where l.post_id = ${sql.ref(`${table}.id`)} and l.url <> ${NO_ADDRESS}
      and (l.health_status is null or l.health_status not in ${DEAD}
           or not exists (select 1 from affiliate_links alive
                          where alive.post_id = l.post_id and alive.url <> ${NO_ADDRESS}
                            and (alive.health_status is null or alive.health_status not in ${DEAD})))), '[]'::json)`;

function toPublicPost(row: PostCardRow, links: PublicPost['affiliateLinks']): PublicPost {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    mainImage: row.main_image,
    enhancedImage: row.enhanced_image,
    additionalImages: row.additional_images,
    url: row.url,
    affiliateLinks: links,
    categories: row.categories,
    date: row.date,
    parsedDate: isoDateOrNull(row.parsed_date),
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
    celebrity: row.celebrity,
    show: row.show,
    brand: row.brand,
    productType: row.product_type,
    platform: row.platform,
    status: row.status,
    isTopPick: row.is_top_pick,
    viewCount: row.view_count,
    offer: offerOf(row),
  };
}

/** The card's offer (contracts PostOffer) from the columns the links' triggers keep. */
function offerOf(row: PostCardRow): PostOffer {
  if (row.offer_link_id !== null && row.offer_price !== null && row.offer_currency !== null)
    return {
      kind: 'price',
      linkId: row.offer_link_id,
      amount: Number(row.offer_price),
      currency: row.offer_currency,
    };
  return row.sold_out ? { kind: 'sold-out' } : null;
}

/**
 * Approved posts with their affiliate links, in the order of `ids` (the caller's ranking), in one
 * round trip. A post that is no longer approved is left out, so a public answer never carries one.
 */
export async function loadPublicPosts(db: Kysely<Database>, ids: readonly string[]): Promise<PublicPost[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select(POST_COLUMNS)
    .select(affiliateLinksOf('posts').as('links'))
    .where('id', 'in', ids)
    .where('status', '=', 'approved')
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPublicPost(row, row.links)] : [];
  });
}

const NEWEST_FIRST = sql`p.created_at desc, p.id desc`;

/**
 * One page of approved posts in one round trip: `pageIds` selects the page's post ids (an index read
 * with offset and limit, or from a keyset anchor); the posts and their links are read for those rows
 * only, and put in `order` (an ORDER BY over the posts row `p`, the page's own order).
 */
export async function loadPublicPostPage(
  db: Kysely<Database>,
  pageIds: Expression<unknown>,
  order: RawBuilder<unknown> = NEWEST_FIRST,
): Promise<PublicPost[]> {
  const { rows } = await sql<PostCardRow & { links: PublicPost['affiliateLinks'] }>`
    select ${sql.join(POST_COLUMNS.map((column) => sql.ref(`p.${column}`)))}, ${affiliateLinksOf('p')} as links
    from (${pageIds}) page join posts p on p.id = page.id
    where p.status = 'approved'
    order by ${order}`.execute(db);
  return rows.map((row) => toPublicPost(row, row.links));
}

/** One page of approved posts, newest first (celebrity and show pages). */
export const loadNewestPublicPosts = (db: Kysely<Database>, pageIds: Expression<unknown>) =>
  loadPublicPostPage(db, pageIds, NEWEST_FIRST);
