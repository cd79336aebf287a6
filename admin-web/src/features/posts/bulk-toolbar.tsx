import type { AdminPost, ModerationAction } from './api.ts';

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

/** Shown while posts are selected: '{n} selected' and the actions; 'Processing...' on the one running. */
export function BulkToolbar({
  selected,
  running,
  onAction,
}: {
  selected: AdminPost[];
  running: BulkAction | null;
  onAction(action: BulkAction): void;
}) {
  if (selected.length === 0) return null;
  return (
    <div className="panel bulk-toolbar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-count">{selected.length} selected</span>
      {bulkActionsOf(selected.map((p) => p.status)).map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'delete' ? 'danger' : action === 'approve' ? undefined : 'secondary'}
          disabled={running !== null}
          onClick={() => onAction(action)}
        >
          {running === action ? 'Processing...' : LABELS[action]}
        </button>
      ))}
    </div>
  );
}
