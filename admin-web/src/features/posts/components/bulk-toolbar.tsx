import { countOf } from '../../../lib/count-text.ts';
import type { AdminPost, ModerationAction } from '../api/posts-api.ts';
import type { BulkProgress } from '../api/bulk-batches.ts';

export type BulkAction = ModerationAction | 'share';

const LABELS: Record<BulkAction, string> = {
  approve: 'Approve All',
  reject: 'Reject All',
  hide: 'Hide All',
  unhide: 'Unhide All',
  share: 'Bulk Share',
  delete: 'Delete All',
};

/** admin.md §2 Bulk toolbar: which buttons the selected posts' statuses call for. */
export function bulkActionsOf(statuses: AdminPost['status'][]): BulkAction[] {
  const any = (test: (s: AdminPost['status']) => boolean) => statuses.some(test);
  return [
    ...(any((s) => s === 'pending') ? (['approve', 'reject'] as const) : []),
    ...(any((s) => s !== 'hidden') ? (['hide'] as const) : []),
    ...(any((s) => s === 'hidden') ? (['unhide'] as const) : []),
    ...(any((s) => s === 'approved') ? (['share'] as const) : []),
    'delete',
  ];
}

/** The page's whole selection, or the offer to widen it to every matching post. */
export interface SelectionScope {
  /** Every post of the page is selected and more match: offer to select them all. */
  offerAll: { matching: number } | null;
  /** The selection holds every matching post (up to `selected` of `matching`). */
  allMatching: { matching: number } | null;
  loadingAll: boolean;
  onSelectAll(): void;
  onClear(): void;
}

/**
 * Shown while posts are selected: '{n} selected' and the actions; 'Processing...' on the one
 * running, with the progress of a run of several calls. Offers "Select all N matching" when the
 * whole page is selected and more posts match.
 */
export function BulkToolbar({
  statuses,
  running,
  progress,
  scope,
  onAction,
}: {
  statuses: AdminPost['status'][];
  running: BulkAction | null;
  progress: BulkProgress | null;
  scope: SelectionScope;
  onAction(action: BulkAction): void;
}) {
  if (statuses.length === 0) return null;
  const format = new Intl.NumberFormat('en-US');
  return (
    <div className="panel bulk-toolbar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-count">{format.format(statuses.length)} selected</span>
      {bulkActionsOf(statuses).map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'delete' ? 'danger' : action === 'approve' ? undefined : 'secondary'}
          disabled={running !== null || scope.loadingAll}
          onClick={() => onAction(action)}
        >
          {running === action ? 'Processing...' : LABELS[action]}
        </button>
      ))}
      {running !== null && progress && progress.total > 0 && (
        <span className="bulk-progress">
          <progress value={progress.done} max={progress.total} aria-label="Bulk action progress" />
          <span role="status">
            {format.format(progress.done)} of {countOf(progress.total, 'post', format)}
          </span>
        </span>
      )}
      <span className="bulk-scope">
        {scope.allMatching ? (
          <>
            <span>
              {statuses.length < scope.allMatching.matching
                ? `The first ${format.format(statuses.length)} of ${countOf(scope.allMatching.matching, 'matching post', format)} are selected.`
                : `All ${countOf(scope.allMatching.matching, 'matching post', format)} are selected.`}
            </span>
            <button type="button" className="link-button" disabled={running !== null} onClick={scope.onClear}>
              Clear selection
            </button>
          </>
        ) : scope.offerAll ? (
          <button
            type="button"
            className="link-button"
            disabled={running !== null || scope.loadingAll}
            onClick={scope.onSelectAll}
          >
            {scope.loadingAll
              ? 'Selecting...'
              : `Select all ${format.format(scope.offerAll.matching)} matching`}
          </button>
        ) : null}
      </span>
    </div>
  );
}
