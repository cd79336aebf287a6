import { BULK_POST_LIMIT, type BulkPostsAnswer } from '@celebstyle/contracts';
import { postsApi, type BulkCallAction } from './posts-api.ts';

export interface BulkProgress {
  done: number;
  total: number;
}

/**
 * One bulk action over any number of posts: calls of at most BULK_POST_LIMIT ids (the catalog's
 * limit), one after another, reporting the ids sent so far; the answers are added up. A failed
 * call stops the run and its error is thrown (the calls before it stay done).
 */
export async function moderateInBatches(
  action: BulkCallAction,
  postIds: readonly string[],
  rejectionReason?: string,
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkPostsAnswer> {
  const total: BulkPostsAnswer = { done: 0, skipped: 0, notFound: 0, results: [] };
  onProgress?.({ done: 0, total: postIds.length });
  for (let start = 0; start < postIds.length; start += BULK_POST_LIMIT) {
    const batch = postIds.slice(start, start + BULK_POST_LIMIT);
    const answer = await postsApi.bulk(action, batch, rejectionReason);
    total.done += answer.done;
    total.skipped += answer.skipped;
    total.notFound += answer.notFound;
    total.results.push(...answer.results);
    onProgress?.({ done: start + batch.length, total: postIds.length });
  }
  return total;
}
