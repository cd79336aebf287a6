import { useEffect, useRef, type ReactNode } from 'react';
import { moderationRefusal } from '@celebstyle/contracts';
import { Checkbox } from '../../../components/checkbox.tsx';
import { DropdownMenu } from '../../../components/dropdown-menu.tsx';
import type { AdminPost, ModerationAction } from '../api/posts-api.ts';
import { ImagePreview } from './image-preview.tsx';
import { PlatformBadge, StatusBadge, thumbnailOf, titleOf } from './post-badges.tsx';
import { DateTime } from '../../../components/date-time.tsx';

export type RowAction = 'view' | 'edit' | 'share' | ModerationAction;

/** admin.md §2 and §4 Post status: the row actions a post of this status offers, in order. */
export function rowActionsOf(status: AdminPost['status']): RowAction[] {
  return [
    'view',
    'edit',
    ...(status === 'pending' ? (['approve', 'reject'] as const) : []),
    moderationRefusal('hide', status) === null ? 'hide' : 'unhide',
    ...(status === 'approved' ? (['share'] as const) : []),
    'delete',
  ];
}

/** The one action a row shows as a button: Approve while a post waits for review, else Edit. */
export const primaryActionOf = (status: AdminPost['status']): RowAction =>
  status === 'pending' ? 'approve' : 'edit';

const ACTION_LABELS: Record<RowAction, string> = {
  view: 'View',
  edit: 'Edit',
  approve: 'Approve',
  reject: 'Reject',
  hide: 'Hide',
  unhide: 'Unhide',
  share: 'Share',
  delete: 'Delete',
};

export function PostsTable({
  posts,
  total,
  activeId,
  headExtra,
  selected,
  busyId,
  onSelect,
  onSelectAll,
  onAction,
}: {
  posts: AdminPost[];
  total: number;
  /** The row the keyboard shortcuts act on (J/K move it). */
  activeId: string | null;
  /** Controls beside the heading (the page size). */
  headExtra?: ReactNode;
  selected: ReadonlySet<string>;
  /** The post whose single action is running: its buttons are disabled. */
  busyId: string | null;
  onSelect(id: string, selected: boolean): void;
  onSelectAll(selected: boolean): void;
  onAction(post: AdminPost, action: RowAction): void;
}) {
  const activeRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    activeRow.current?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const selectedHere = posts.filter((p) => selected.has(p._id)).length;
  const allState = selectedHere === 0 ? false : selectedHere === posts.length ? true : 'indeterminate';
  return (
    <div className="panel posts-panel">
      <div className="posts-table-head">
        <h2 id="posts-table-title">Posts ({total})</h2>
        {headExtra}
      </div>
      {posts.length === 0 ? (
        <p className="muted">No posts found.</p>
      ) : (
        <div className="table-scroll">
          <table className="posts-table" aria-labelledby="posts-table-title">
            <thead>
              <tr>
                <th scope="col">
                  <Checkbox checked={allState} onCheckedChange={onSelectAll} aria-label="Select All" />
                </th>
                <th scope="col">Post</th>
                <th scope="col">Status</th>
                <th scope="col">Platform</th>
                <th scope="col">Date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => {
                const title = titleOf(post);
                const primary = primaryActionOf(post.status);
                const busy = busyId === post._id;
                return (
                  <tr
                    key={post._id}
                    ref={post._id === activeId ? activeRow : undefined}
                    className={post._id === activeId ? 'active-row' : undefined}
                    aria-current={post._id === activeId ? 'true' : undefined}
                  >
                    <td>
                      <Checkbox
                        checked={selected.has(post._id)}
                        onCheckedChange={(on) => onSelect(post._id, on)}
                        aria-label={`Select ${title}`}
                      />
                    </td>
                    <th scope="row" className="post-cell">
                      <ImagePreview src={thumbnailOf(post)} alt="" className="post-thumb" />
                      <span className="post-cell-text">
                        <span className="post-title" title={title}>
                          {title}
                        </span>
                        <span className="muted" title={`${post.celebrity} • ${post.show}`}>
                          {post.celebrity} • {post.show}
                        </span>
                      </span>
                    </th>
                    <td>
                      <StatusBadge status={post.status} />
                    </td>
                    <td>
                      <PlatformBadge platform={post.platform} />
                    </td>
                    <td>
                      <DateTime iso={post.createdAt} />
                    </td>
                    <td>
                      <div className="row-actions" role="group" aria-label={`Actions for ${title}`}>
                        <button
                          type="button"
                          className={primary === 'approve' ? 'small' : 'secondary small'}
                          disabled={busy}
                          onClick={() => onAction(post, primary)}
                        >
                          {ACTION_LABELS[primary]}
                        </button>
                        <DropdownMenu
                          label="More"
                          aria-label={`More actions for ${title}`}
                          items={rowActionsOf(post.status)
                            .filter((action) => action !== primary)
                            .map((action) => ({
                              label: ACTION_LABELS[action],
                              danger: action === 'delete',
                              disabled: busy,
                              onSelect: () => onAction(post, action),
                            }))}
                        />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
