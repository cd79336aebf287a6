import type {
  BulkShareContentAnswer,
  PublishResult,
  PublishToSocialBody,
  ShareContent,
} from '@celebstyle/contracts';
import { badRequest, notFound } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { buildShareContent, type SharablePost } from './share-content.ts';
import type { SharingDeps } from './sharing-deps.ts';

export const ONLY_APPROVED = 'Only approved posts can be shared';

async function loadPosts(db: Kysely<Database>, ids: readonly string[]) {
  const rows = await db
    .selectFrom('posts')
    .select([
      'id',
      'title',
      'celebrity',
      'show',
      'brand',
      'product_type',
      'main_image',
      'enhanced_image',
      'status',
    ])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => {
      const post: SharablePost = {
        id: row.id,
        title: row.title,
        celebrity: row.celebrity,
        show: row.show,
        brand: row.brand,
        productType: row.product_type,
        mainImage: row.main_image,
        enhancedImage: row.enhanced_image,
      };
      return [row.id, { post, status: row.status }];
    }),
  );
}

/** admin.md §2 Sharing: one approved post's share content; 404 unknown, 400 not approved. */
export async function shareContent(db: Kysely<Database>, siteUrl: string, id: string): Promise<ShareContent> {
  const found = (await loadPosts(db, [id])).get(id);
  if (!found) throw notFound('Post not found');
  if (found.status !== 'approved') throw badRequest(`${ONLY_APPROVED}: this post is ${found.status}`);
  return buildShareContent(found.post, siteUrl);
}

/** The share content of the approved posts among `ids`, and why each other id was skipped. */
export async function bulkShareContent(
  db: Kysely<Database>,
  siteUrl: string,
  ids: readonly string[],
): Promise<BulkShareContentAnswer> {
  const found = await loadPosts(db, ids);
  const answer: BulkShareContentAnswer = { posts: [], skipped: [] };
  for (const postId of ids) {
    const entry = found.get(postId);
    if (!entry) answer.skipped.push({ postId, reason: 'Post not found' });
    else if (entry.status !== 'approved')
      answer.skipped.push({ postId, reason: `${ONLY_APPROVED}: this post is ${entry.status}` });
    else answer.posts.push(buildShareContent(entry.post, siteUrl));
  }
  // admin.md §5: bulk share needs at least one approved post.
  if (answer.posts.length === 0) throw badRequest('Please select at least one approved post to share.');
  return answer;
}

/**
 * POST /api/admin/posts/{id}/publish-to-social: an approved post's picture with the admin's caption,
 * published now (a refusal by the publishing service is a PublishFailedError).
 */
export async function publishPost(
  db: Kysely<Database>,
  { siteUrl, publisher }: SharingDeps,
  id: string,
  request: PublishToSocialBody,
): Promise<PublishResult> {
  const caption = request.caption.trim();
  if (caption === '') throw badRequest('Caption is required for publishing');
  const content = await shareContent(db, siteUrl, id);
  return publisher.publish({ caption, imageUrl: content.image, platforms: request.platforms });
}
