import type { PublicPost } from '@celebstyle/contracts';
import { SIMILAR_LOOKS } from '../../../config/constants.ts';
import { isNoLongerAvailable } from '../link-availability.ts';
import { useRelatedLooks } from './use-related-looks.ts';

/**
 * Looks to offer instead of an item that cannot be bought: other posts of the same celebrity, topped
 * up with posts of the same show, never one that is itself no longer available.
 */
export function pickSimilarLooks(
  postId: string,
  byCelebrity: readonly PublicPost[],
  byShow: readonly PublicPost[],
  count = SIMILAR_LOOKS,
): PublicPost[] {
  const picked: PublicPost[] = [];
  const seen = new Set([postId]);
  for (const candidate of [...byCelebrity, ...byShow]) {
    if (picked.length === count) break;
    if (seen.has(candidate._id) || isNoLongerAvailable(candidate.affiliateLinks)) continue;
    seen.add(candidate._id);
    picked.push(candidate);
  }
  return picked;
}

export function useSimilarLooks(post: Pick<PublicPost, '_id' | 'celebrity' | 'show'>) {
  const related = useRelatedLooks(post);
  const fromCelebrity = pickSimilarLooks(post._id, related.celebrity.posts ?? [], []);
  // the show's posts are only waited for when the celebrity's do not fill the list
  const loading = related.celebrity.loading || (fromCelebrity.length < SIMILAR_LOOKS && related.show.loading);
  return {
    loading,
    posts: loading ? [] : pickSimilarLooks(post._id, related.celebrity.posts ?? [], related.show.posts ?? []),
  };
}
