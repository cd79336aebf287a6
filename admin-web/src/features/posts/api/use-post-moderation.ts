import { useState } from 'react';
import { countOf } from '../../../lib/count-text.ts';
import { notify } from '../../../lib/toast.tsx';
import { PostErrors, type AdminPost, type ModerationAction } from './posts-api.ts';
import type { BulkProgress } from './bulk-batches.ts';
import { useBulkModerate, useModeratePost, useRestorePosts } from './posts-queries.ts';
import { changedIdsOf, restoreCalls, type PostBefore } from '../undo-moderation.ts';

const DONE: Record<ModerationAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  hide: 'hidden',
  unhide: 'unhidden',
  delete: 'deleted',
};

export const beforeOf = (post: AdminPost): PostBefore => ({
  _id: post._id,
  status: post.status,
  rejectionReason: post.rejectionReason,
});

export const UndoTexts = {
  done: 'Undone',
  failed: 'Undo failed',
} as const;

/**
 * Post Management's moderation: one post or many (in calls of 500, with progress), each success
 * toast offering Undo for UNDO_WINDOW_MS (a delete cannot be undone), which gives every post the
 * action changed its previous status through the catalog's bulk calls.
 */
export function usePostModeration() {
  const moderate = useModeratePost();
  const bulk = useBulkModerate();
  const restore = useRestorePosts();
  const [progress, setProgress] = useState<BulkProgress | null>(null);

  const announce = (
    action: ModerationAction,
    title: string,
    message: string | undefined,
    before: readonly PostBefore[],
    changed: ReadonlySet<string>,
  ) => {
    const calls = action === 'delete' ? [] : restoreCalls(before, changed);
    if (calls.length === 0) {
      notify.success(title, message);
      return;
    }
    notify.undoable(title, message, () =>
      restore.mutate(calls, {
        onSuccess: (restored) => notify.success(UndoTexts.done, `${countOf(restored, 'post')} restored`),
        onError: (e) => notify.error(UndoTexts.failed, e.message),
      }),
    );
  };

  const runSingle = (
    post: AdminPost,
    action: ModerationAction,
    options: { rejectionReason?: string; onSuccess?: () => void } = {},
  ) =>
    moderate.mutate(
      { id: post._id, action, rejectionReason: options.rejectionReason },
      {
        onSuccess: () => {
          announce(action, `Post ${DONE[action]}`, undefined, [beforeOf(post)], new Set([post._id]));
          options.onSuccess?.();
        },
        onError: (e) => notify.error(PostErrors.single[action], e.message),
      },
    );

  const runBulk = (
    action: ModerationAction,
    posts: readonly PostBefore[],
    options: { rejectionReason?: string; onSuccess?: () => void } = {},
  ) =>
    bulk.mutate(
      {
        action,
        postIds: posts.map((p) => p._id),
        rejectionReason: options.rejectionReason,
        onProgress: setProgress,
      },
      {
        onSuccess: (answer) => {
          const skipped = answer.skipped + answer.notFound;
          announce(
            action,
            `${countOf(answer.done, 'post')} ${DONE[action]}`,
            skipped > 0 ? `${skipped} skipped` : undefined,
            posts,
            changedIdsOf(answer),
          );
          options.onSuccess?.();
        },
        onError: (e) => notify.error(PostErrors.bulk[action], e.message),
        onSettled: () => setProgress(null),
      },
    );

  return {
    runSingle,
    runBulk,
    progress,
    /** The post whose single action runs. */
    busyId: moderate.isPending ? (moderate.variables?.id ?? null) : null,
    singleBusy: moderate.isPending,
    bulkRunning: bulk.isPending ? (bulk.variables.action as ModerationAction) : null,
  };
}
