import type { PostModerationAction, PostStatus } from '@celebstyle/contracts';

/**
 * The status a post has after an allowed action (unhide: its status before it was hidden). Which
 * actions a status allows is contracts' `moderationRefusal`, shared with the console.
 */
export function statusAfter(
  action: PostModerationAction,
  before: PostStatus,
  statusBeforeHidden: Exclude<PostStatus, 'hidden'> | null,
): PostStatus | null {
  switch (action) {
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'hide':
      return 'hidden';
    // A post hidden before this rule existed has no remembered status: it goes back to review
    // rather than straight onto the storefront.
    case 'unhide':
      return statusBeforeHidden ?? 'pending';
    case 'delete':
      return null;
    case 'requeue':
      return 'pending';
  }
  return before;
}
