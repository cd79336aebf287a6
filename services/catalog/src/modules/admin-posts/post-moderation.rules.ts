import type { PostStatus } from '@celebstyle/contracts';

export type ModerationAction = 'approve' | 'reject' | 'hide' | 'unhide' | 'delete';

/**
 * admin.md §4 Post status. Approve and reject act on a post under review or one an admin wants to
 * reverse (approved ↔ rejected); a hidden post must be unhidden first. Hide takes any post that is
 * not hidden and remembers its status; unhide gives that status back (see post-moderation.repository).
 * Delete takes any post. Null: allowed; otherwise the reason it is refused.
 */
export function refusal(action: ModerationAction, status: PostStatus): string | null {
  switch (action) {
    case 'approve':
      if (status === 'approved') return 'Post is already approved';
      if (status === 'hidden') return 'Post is hidden: unhide it first';
      return null;
    case 'reject':
      if (status === 'rejected') return 'Post is already rejected';
      if (status === 'hidden') return 'Post is hidden: unhide it first';
      return null;
    case 'hide':
      return status === 'hidden' ? 'Post is already hidden' : null;
    case 'unhide':
      return status === 'hidden' ? null : 'Post is not hidden';
    case 'delete':
      return null;
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
  }
  return before;
}
