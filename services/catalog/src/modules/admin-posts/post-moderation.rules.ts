import type { PostStatus } from '@celebstyle/contracts';

/**
 * `requeue` puts a post back under review (pending): the console's Undo of an approve or reject of
 * a pending post, which no other action can give back.
 */
export type ModerationAction = 'approve' | 'reject' | 'hide' | 'unhide' | 'delete' | 'requeue';

/**
 * admin.md §4 Post status. Approve and reject take a post of any other status: one under review,
 * one an admin reverses (approved ↔ rejected), or a hidden one decided directly (the link
 * validation page's status dropdown, link-health-and-routes.md §4.2, approves or rejects hidden
 * posts). Hide takes any post that is not hidden and remembers its status; unhide gives that status
 * back. Delete takes any post. Null: allowed; otherwise the reason it is refused.
 */
export function refusal(action: ModerationAction, status: PostStatus): string | null {
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

/** The status a post has after an allowed action (unhide: its status before it was hidden). */
export function statusAfter(
  action: ModerationAction,
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
