import type { PublicPost } from '@celebstyle/contracts';
import type { Kysely } from 'kysely';
import type { CatalogDatabase, PostRow } from '../../db/schema.ts';

type PostCardRow = Omit<PostRow, 'search_vector' | 'rejection_reason'>;

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
] as const;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

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
    parsedDate: row.parsed_date ? iso(row.parsed_date) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    celebrity: row.celebrity,
    show: row.show,
    brand: row.brand,
    productType: row.product_type,
    platform: row.platform,
    status: row.status,
    isTopPick: row.is_top_pick,
    viewCount: row.view_count,
  };
}

/**
 * Approved posts with their affiliate links, in the order of `ids` (the caller's ranking). A post that
 * is no longer approved is left out, so a public answer never carries one.
 */
export async function loadPublicPosts(
  db: Kysely<CatalogDatabase>,
  ids: readonly string[],
): Promise<PublicPost[]> {
  if (ids.length === 0) return [];
  const [rows, links] = await Promise.all([
    db
      .selectFrom('posts')
      .select(POST_COLUMNS)
      .where('id', 'in', ids)
      .where('status', '=', 'approved')
      .execute(),
    db
      .selectFrom('affiliate_links')
      .select(['id', 'post_id', 'text', 'url', 'real_url'])
      .where('post_id', 'in', ids)
      .orderBy('post_id')
      .orderBy('position')
      .execute(),
  ]);
  const linksByPost = new Map<string, PublicPost['affiliateLinks']>();
  for (const link of links) {
    const list = linksByPost.get(link.post_id) ?? [];
    list.push({ _id: link.id, text: link.text, url: link.url, realUrl: link.real_url });
    linksByPost.set(link.post_id, list);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPublicPost(row, linksByPost.get(id) ?? [])] : [];
  });
}
