import type { AdminPostSelectionAnswer, BulkPostsAnswer } from '@celebstyle/contracts';
import type { BulkCallAction } from './api/posts-api.ts';

/** What a post was before an action: enough to give it back (status, and the reason if rejected). */
export type PostBefore = AdminPostSelectionAnswer['posts'][number];

/** The posts a bulk answer says it changed. */
export const changedIdsOf = (answer: BulkPostsAnswer): Set<string> =>
  new Set(answer.results.filter((r) => r.outcome === 'done').map((r) => r.postId));

export interface RestoreCall {
  action: Exclude<BulkCallAction, 'delete' | 'unhide'>;
  postIds: string[];
  rejectionReason?: string;
}

/** A rejected post without a stored reason (older data) gets this one back on Undo. */
export const UNDO_REJECTION_REASON = 'Rejected again by Undo';

const RESTORE: Record<PostBefore['status'], RestoreCall['action']> = {
  pending: 'requeue',
  approved: 'approve',
  rejected: 'reject',
  hidden: 'hide',
};

/**
 * The calls that give posts their previous status after an action changed them: back to review
 * (requeue), approve, reject with each post's own reason, or hide (which remembers the status the
 * unhide gave it). Only the posts the action changed (`changed`) are restored.
 */
export function restoreCalls(before: readonly PostBefore[], changed: ReadonlySet<string>): RestoreCall[] {
  const calls = new Map<string, RestoreCall>();
  for (const post of before) {
    if (!changed.has(post._id)) continue;
    const action = RESTORE[post.status];
    const rejectionReason =
      action === 'reject' ? post.rejectionReason?.trim() || UNDO_REJECTION_REASON : undefined;
    const key = `${action}\u0000${rejectionReason ?? ''}`;
    const call = calls.get(key) ?? { action, postIds: [], ...(rejectionReason ? { rejectionReason } : {}) };
    call.postIds.push(post._id);
    calls.set(key, call);
  }
  return [...calls.values()];
}
