import type { AlertTargetAnswer } from '@celebstyle/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * A live, approved look and its links' current offers (newsletter-support's shopper alerts ask
 * before storing an alert: the look must exist, and a price drop is measured from today's price).
 */
export async function findAlertTarget(
  db: Kysely<Database>,
  postId: string,
): Promise<AlertTargetAnswer | undefined> {
  const post = await db
    .selectFrom('link_validation.posts')
    .select(['id', 'title'])
    .where('id', '=', postId)
    .where('deleted', '=', false)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (!post) return undefined;
  const links = await db
    .selectFrom('link_validation.links')
    .select(['id', 'link_text', 'link_status', 'stock_status', 'price', 'currency'])
    .where('post_id', '=', postId)
    .orderBy('link_index')
    .execute();
  return {
    postId: post.id,
    title: post.title,
    links: links.map((link) => ({
      linkId: link.id,
      text: link.link_text,
      status: link.link_status,
      stockStatus: link.stock_status,
      price: link.price === null ? null : Number(link.price),
      currency: link.currency,
    })),
  };
}
