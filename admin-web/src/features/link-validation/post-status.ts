import {
  moderationRefusal,
  type BulkPostsAnswer,
  type BulkRejectBody,
  type PostModerationAction,
  type PostStatus,
} from '@celebstyle/contracts';

export type { PostStatus };

/** Post statuses in §4.1's order, and the bulk moderation calls the row dropdown and selection bar make (§4.2). */
export const POST_STATUSES = [
  'approved',
  'pending',
  'hidden',
  'rejected',
] as const satisfies readonly PostStatus[];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  hidden: 'Hidden',
  rejected: 'Rejected',
};

export const REJECT_REASON_ROW = 'Rejected from link validation page';
export const REJECT_REASON_BULK = 'Bulk rejected from link validation page';
export const RESET_REASON = 'Reset to pending from link validation page';

/** One catalog bulk call: POST /admin/posts/bulk-{action} with postIds (and rejectionReason). */
export interface BulkCall extends Partial<Pick<BulkRejectBody, 'rejectionReason'>> {
  action: Exclude<PostModerationAction, 'delete' | 'requeue'>;
}

/** The selection bar's operations, in the spec's order. */
export const BULK_OPERATIONS = ['approve', 'reject', 'pending', 'hide', 'unhide'] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];

export const BULK_LABELS: Record<BulkOperation, string> = {
  approve: 'Approve',
  reject: 'Reject',
  pending: 'Pending',
  hide: 'Hide',
  unhide: 'Unhide',
};

/**
 * The verb of the success messages: 'Post has been {verb} successfully.' Pending runs the spec's
 * calls (unhide, then reject with the reset reason), so the post ends rejected: the message says
 * so rather than the spec's 'set to pending', which the admin would not find in the Status column.
 */
export const BULK_VERBS: Record<BulkOperation, string> = {
  approve: 'approved',
  reject: 'rejected',
  pending: 'rejected (reason: Reset to pending)',
  hide: 'hidden',
  unhide: 'unhidden',
};

export class UnsupportedOperationError extends Error {}

/** The operation each status of the row dropdown runs (the same calls as the selection bar's). */
export const ROW_OPERATIONS: Record<PostStatus, BulkOperation> = {
  approved: 'approve',
  rejected: 'reject',
  hidden: 'hide',
  pending: 'pending',
};

/** The calls of one operation, in order; a reject carries the reason of where it was chosen. */
function callsFor(operation: BulkOperation, rejectionReason: string): BulkCall[] {
  switch (operation) {
    case 'reject':
      return [{ action: 'reject', rejectionReason }];
    case 'pending':
      return [{ action: 'unhide' }, { action: 'reject', rejectionReason: RESET_REASON }];
    default:
      return [{ action: operation }];
  }
}

/** §4.2 row dropdown: the calls for one chosen status, in order. */
export function callsForRowStatus(status: string): BulkCall[] {
  if (!Object.hasOwn(ROW_OPERATIONS, status)) {
    throw new UnsupportedOperationError(`Unsupported post status: ${status}`);
  }
  return callsFor(ROW_OPERATIONS[status as PostStatus], REJECT_REASON_ROW);
}

/** §4.2 selection bar: the calls for one bulk operation, in order. */
export function callsForBulk(operation: string): BulkCall[] {
  if (!(BULK_OPERATIONS as readonly string[]).includes(operation)) {
    throw new UnsupportedOperationError(`Unsupported bulk operation: ${operation}`);
  }
  return callsFor(operation as BulkOperation, REJECT_REASON_BULK);
}

/**
 * Whether the catalog takes this call for a post of this status, by its own moderation rule
 * (contracts' `moderationRefusal`); a refused post comes back 'skipped'.
 */
export function catalogTakes(action: BulkCall['action'], status: string): boolean {
  return moderationRefusal(action, status as PostStatus) === null;
}

/**
 * Whether an operation would change a post of this status: one of its calls is taken. Pending is
 * unhide then reject (§4.2), so it changes every post that is not already rejected.
 */
export function wouldChange(operation: BulkOperation, status: string): boolean {
  return callsFor(operation, REJECT_REASON_BULK).some((call) => catalogTakes(call.action, status));
}

/**
 * §2.2 selection bar: only the operations that would change at least one selected post; Unhide only
 * when some selected post is hidden.
 */
export function bulkOperationsFor(statuses: readonly string[]): BulkOperation[] {
  return BULK_OPERATIONS.filter((operation) => statuses.some((status) => wouldChange(operation, status)));
}

/** What one moderation choice did, post by post, over the answers of its calls in order. */
export interface ModerationSummary {
  /** Posts at least one call changed. */
  changed: string[];
  /** Posts no call changed, with the catalog's last word on why (null when it gave none). */
  unchanged: { postId: string; message: string | null }[];
  /** The status each post has afterwards, as the catalog answered it. */
  statuses: Map<string, string>;
}

export function summarizeModeration(postIds: readonly string[], answers: readonly BulkPostsAnswer[]) {
  const summary: ModerationSummary = { changed: [], unchanged: [], statuses: new Map() };
  for (const postId of postIds) {
    const outcomes = answers.flatMap((answer) => answer.results.filter((r) => r.postId === postId));
    for (const outcome of outcomes) if (outcome.status) summary.statuses.set(postId, outcome.status);
    if (outcomes.some((outcome) => outcome.outcome === 'done')) summary.changed.push(postId);
    else summary.unchanged.push({ postId, message: outcomes.findLast((o) => o.message)?.message ?? null });
  }
  return summary;
}

/** '{n} post(s) selected'. */
export const selectionText = (count: number) => `${count} post(s) selected`;
