/** Post statuses (§4.1) and the bulk moderation calls the row dropdown and selection bar make (§4.2). */
export const POST_STATUSES = ['approved', 'pending', 'hidden', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

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
export interface BulkCall {
  action: 'approve' | 'reject' | 'hide' | 'unhide';
  rejectionReason?: string;
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

/** The verb of the success messages: 'Post has been {verb} successfully.' */
export const BULK_VERBS: Record<BulkOperation, string> = {
  approve: 'approved',
  reject: 'rejected',
  pending: 'set to pending',
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

/** The status a post ends in after an operation; null for unhide (the catalog decides). */
const TARGET: Record<Exclude<BulkOperation, 'unhide'>, PostStatus> = {
  approve: 'approved',
  reject: 'rejected',
  pending: 'pending',
  hide: 'hidden',
};

/**
 * §2.2 selection bar: only the operations that would change at least one selected post; Unhide only
 * when some selected post is hidden.
 */
export function bulkOperationsFor(statuses: readonly string[]): BulkOperation[] {
  if (statuses.length === 0) return [];
  return BULK_OPERATIONS.filter((operation) =>
    operation === 'unhide'
      ? statuses.includes('hidden')
      : statuses.some((status) => status !== TARGET[operation]),
  );
}

/** '{n} post(s) selected'. */
export const selectionText = (count: number) => `${count} post(s) selected`;
