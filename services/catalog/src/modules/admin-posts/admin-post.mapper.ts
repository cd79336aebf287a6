import type { AdminPost } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import { isoDate } from '@celebstyle/db';
import type { Database, PostRow } from '../../db/database.ts';

export const ADMIN_POST_COLUMNS = [
  'id',
  'title',
  'description',
  'main_image',
  'enhanced_image',
  'additional_images',
  'url',
  'celebrity',
  'show',
  'brand',
  'product_type',
  'platform',
  'status',
  'rejection_reason',
  'is_top_pick',
  'view_count',
  'created_at',
  'updated_at',
] as const;

type AdminPostRow = Pick<PostRow, (typeof ADMIN_POST_COLUMNS)[number]>;

/** A post's affiliate links as the spec's JSON list, in position order. */
export const adminLinksOf = (table: string) =>
  sql<AdminPost['affiliateLinks']>`coalesce((
    select json_agg(json_build_object('_id', l.id, 'text', l.text, 'url', l.url, 'realUrl', l.real_url)
      order by l.position)
    from affiliate_links l where l.post_id = ${sql.ref(`${table}.id`)}), '[]'::json)`;

export function toAdminPost(row: AdminPostRow, links: AdminPost['affiliateLinks']): AdminPost {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    mainImage: row.main_image,
    enhancedImage: row.enhanced_image,
    additionalImages: row.additional_images,
    url: row.url,
    affiliateLinks: links,
    celebrity: row.celebrity,
    show: row.show,
    brand: row.brand,
    productType: row.product_type,
    platform: row.platform,
    status: row.status,
    rejectionReason: row.rejection_reason,
    isTopPick: row.is_top_pick,
    viewCount: row.view_count,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}

/** One post of any status with its links, or undefined. */
export async function findAdminPost(db: Kysely<Database>, id: string): Promise<AdminPost | undefined> {
  const row = await db
    .selectFrom('posts')
    .select(ADMIN_POST_COLUMNS)
    .select(adminLinksOf('posts').as('links'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toAdminPost(row, row.links) : undefined;
}
