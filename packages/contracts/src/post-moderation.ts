import type { PostStatus } from './post.ts';

/**
 * What an admin does to a post. `requeue` puts a post back under review (pending): the console's
 * Undo of an approve or reject of a pending post, which no other action can give back.
 */
export type PostModerationAction = 'approve' | 'reject' | 'hide' | 'unhide' | 'delete' | 'requeue';

/**
 * admin.md §4 Post status, the one copy of the rule the catalog enforces and the console offers.
 * Approve and reject take a post of any other status: one under review, one an admin reverses
 * (approved ↔ rejected), or a hidden one decided directly (link-health-and-routes.md §4.2). Hide
 * takes any post that is not hidden; unhide only a hidden one. Delete takes any post. Null: allowed;
 * otherwise the reason it is refused (the catalog answers it as 'skipped' in a bulk call).
 */
export function moderationRefusal(action: PostModerationAction, status: PostStatus): string | null {
  switch (action) {
    case 'approve':
      return status === 'approved' ? 'Post is already approved' : null;
    case 'reject':
      return status === 'rejected' ? 'Post is already rejected' : null;
    case 'hide':
      return status === 'hidden' ? 'Post is already hidden' : null;
    case 'unhide':
      return status === 'hidden' ? null : 'Post is not hidden';
    case 'delete':
      return null;
    case 'requeue':
      return status === 'pending' ? 'Post is already pending' : null;
  }
}

/** admin.md §5: a rejection needs a reason that is not blank. */
export const isRejectionReasonGiven = (reason: string) => reason.trim() !== '';
