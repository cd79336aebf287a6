import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.tsx';
import { PostErrors, PostMessages, SelectionErrors, type AdminPost } from '../api/posts-api.ts';
import { BulkShareDialog } from './bulk-share-dialog.tsx';
import { BulkToolbar, type BulkAction } from './bulk-toolbar.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';
import { PageSizeSelect } from './page-size-select.tsx';
import { PostDetailsDialog } from './post-details-dialog.tsx';
import { PostsFilters } from './posts-filters.tsx';
import { PostsPagination } from './posts-pagination.tsx';
import { PostsSkeleton } from './posts-skeleton.tsx';
import { PostsTable, type RowAction } from './posts-table.tsx';
import { usePost, usePostFilters, usePostList, usePostSelection } from '../api/posts-queries.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { useReviewShortcuts, type ReviewCommand } from './review-shortcuts.ts';
import { ShareDialog } from './share-dialog.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import type { PostBefore } from '../undo-moderation.ts';
import { beforeOf, usePostModeration } from '../api/use-post-moderation.ts';
import { readListParams, withParam, withoutFilters, type FilterKey } from '../url-state.ts';
import './posts.css';

type OpenDialog =
  | { kind: 'view'; post: AdminPost }
  | { kind: 'reject'; post: AdminPost }
  | { kind: 'delete'; post: AdminPost }
  | { kind: 'share'; postId: string }
  | { kind: 'bulk-reject' }
  | { kind: 'bulk-delete' }
  | { kind: 'bulk-share'; postIds: string[] }
  | { kind: 'shortcuts' };

/**
 * admin.md §2 Post Management, with a review queue on top: keyboard shortcuts on the active row
 * (review-shortcuts.ts), Undo on moderation toasts, a page size, and "select all N matching" for
 * the bulk actions (run in calls of 500). The address holds the filters, sort, page size and page
 * (a link to a filtered list works) and `id`, the post whose edit dialog is open.
 */
export default function PostsPage() {
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const editId = search.get('id');
  const list = usePostList(params);
  const filters = usePostFilters();
  const editing = usePost(editId);
  const moderation = usePostModeration();
  const selection = usePostSelection();

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Every matching post, once the admin chose "Select all N matching". */
  const [allMatching, setAllMatching] = useState<{ total: number; posts: PostBefore[] } | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);

  // a new list (filters, page, page size) starts with nothing selected
  const listKey = JSON.stringify(params);
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
    setAllMatching(null);
  }

  // an address naming a post that does not exist: say so, and drop the id
  const editMissing = editing.isError && editing.error instanceof ApiError && editing.error.status === 404;
  useEffect(() => {
    if (!editing.isError) return;
    notify.error(
      editMissing ? PostErrors.notFound : PostErrors.load,
      editMissing ? undefined : editing.error.message,
    );
    closeEdit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [editing.isError]);

  const posts = list.data?.posts ?? [];
  const pagination = list.data?.pagination;
  const total = pagination?.totalPosts ?? 0;
  const selectedPosts: PostBefore[] = allMatching
    ? allMatching.posts
    : posts.filter((p) => selected.has(p._id)).map(beforeOf);

  // The active row: the one chosen, else the one now at its place (after approve, the next post).
  const [activeIndex, setActiveIndex] = useState(0);
  const foundIndex = activeId === null ? -1 : posts.findIndex((p) => p._id === activeId);
  const active: AdminPost | undefined =
    foundIndex >= 0 ? posts[foundIndex] : posts[Math.min(activeIndex, posts.length - 1)];
  if (foundIndex >= 0 && foundIndex !== activeIndex) setActiveIndex(foundIndex);
  const moveTo = (index: number) => {
    const post = posts[Math.max(0, Math.min(index, posts.length - 1))];
    if (!post) return;
    setActiveIndex(posts.indexOf(post));
    setActiveId(post._id);
  };

  const navigate = (next: URLSearchParams) => setSearch(next);
  const setFilter = (key: FilterKey | 'page' | 'limit', value: string) =>
    navigate(withParam(search, key, value));
  const openEdit = (post: AdminPost) => {
    const next = new URLSearchParams(search);
    next.set('id', post._id);
    // pin the list's status: an id alone would switch the default status to approved
    next.set('status', params.status);
    navigate(next);
  };
  function closeEdit() {
    const next = new URLSearchParams(search);
    next.delete('id');
    // the list stays as it was (without the id the default status would switch back to pending)
    next.set('status', params.status);
    navigate(next);
  }

  const unselect = (id: string) => setSelected((s) => new Set([...s].filter((other) => other !== id)));
  const toggle = (id: string, on: boolean) => {
    setAllMatching(null);
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  /** The post after `post` in the list (for "approve and next"), or null at the end. */
  const nextAfter = (post: AdminPost) => posts[posts.findIndex((p) => p._id === post._id) + 1] ?? null;

  const runSingle = (
    post: AdminPost,
    action: Exclude<RowAction, 'view' | 'edit' | 'share'>,
    reason?: string,
  ) =>
    moderation.runSingle(post, action, {
      rejectionReason: reason,
      onSuccess: () => {
        setDialog((open) => (open?.kind === 'view' ? open : null));
        unselect(post._id);
      },
    });

  /** Approves the post and opens the next one's details (the View dialog's "Approve and next"). */
  const approveAndNext = (post: AdminPost) => {
    const next = nextAfter(post);
    moderation.runSingle(post, 'approve', {
      onSuccess: () => {
        unselect(post._id);
        setDialog(next ? { kind: 'view', post: next } : null);
        if (next) setActiveId(next._id);
      },
    });
  };

  const runBulk = (action: Exclude<BulkAction, 'share'>, reason?: string) =>
    moderation.runBulk(action, selectedPosts, {
      rejectionReason: reason,
      onSuccess: () => {
        setDialog(null);
        setSelected(new Set());
        setAllMatching(null);
      },
    });

  const onRowAction = (post: AdminPost, action: RowAction) => {
    setActiveId(post._id);
    if (action === 'view') setDialog({ kind: 'view', post });
    else if (action === 'edit') openEdit(post);
    else if (action === 'share') setDialog({ kind: 'share', postId: post._id });
    else if (action === 'reject') setDialog({ kind: 'reject', post });
    else if (action === 'delete') setDialog({ kind: 'delete', post });
    else runSingle(post, action);
  };

  const onBulkAction = (action: BulkAction) => {
    if (action === 'share') {
      const approved = selectedPosts.filter((p) => p.status === 'approved').map((p) => p._id);
      if (approved.length === 0) notify.error(PostMessages.bulkShareNeedsApproved);
      else setDialog({ kind: 'bulk-share', postIds: approved });
    } else if (action === 'reject') setDialog({ kind: 'bulk-reject' });
    else if (action === 'delete') setDialog({ kind: 'bulk-delete' });
    else runBulk(action);
  };

  const selectAllMatching = () =>
    selection.mutate(params, {
      onSuccess: (answer) => setAllMatching({ total: answer.total, posts: answer.posts }),
      onError: (e) => notify.error(SelectionErrors.load, e.message),
    });

  const onCommand = (command: ReviewCommand) => {
    if (command === 'help') return setDialog({ kind: 'shortcuts' });
    if (command === 'next' || command === 'previous') {
      const at = active ? posts.indexOf(active) : -1;
      return moveTo(command === 'next' ? at + 1 : Math.max(at - 1, 0));
    }
    if (!active || moderation.busyId !== null) return;
    if (command === 'select') toggle(active._id, !selected.has(active._id));
    else if (command === 'edit') openEdit(active);
    else if (command === 'reject') {
      if (active.status === 'pending') setDialog({ kind: 'reject', post: active });
    } else if (command === 'approve') {
      // approve and next: the approved post leaves the list and the next one takes its place
      if (active.status === 'pending') {
        const next = nextAfter(active);
        setActiveId(next?._id ?? null);
        runSingle(active, 'approve');
      }
    } else if (command === 'hide') runSingle(active, active.status === 'hidden' ? 'unhide' : 'hide');
  };
  useReviewShortcuts(onCommand);

  const loadError = list.isError && list.error !== dismissedError ? list.error : null;
  const wholePageSelected = posts.length > 0 && posts.every((p) => selected.has(p._id));

  return (
    <section className="posts-page">
      <div className="page-head">
        <div>
          <h1>Post Management</h1>
          <p className="muted posts-subtitle">Review and manage fashion posts</p>
        </div>
        <button type="button" className="secondary" onClick={() => setDialog({ kind: 'shortcuts' })}>
          Keyboard shortcuts
        </button>
      </div>

      {loadError && (
        <div role="alert" className="banner posts-banner">
          <span>
            {PostErrors.load}
            {loadError.message ? `: ${loadError.message}` : ''}
          </span>
          <button
            type="button"
            className="posts-dismiss"
            aria-label="Dismiss error"
            onClick={() => setDismissedError(list.error)}
          >
            ×
          </button>
        </div>
      )}

      <PostsFilters
        status={search.get('status') ?? ''}
        platform={params.platform ?? ''}
        celebrity={params.celebrity ?? ''}
        search={params.search ?? ''}
        options={filters.data}
        onChange={setFilter}
        onClear={() => navigate(withoutFilters(search))}
      />

      <BulkToolbar
        statuses={selectedPosts.map((p) => p.status)}
        running={moderation.bulkRunning}
        progress={moderation.progress}
        scope={{
          offerAll: !allMatching && wholePageSelected && total > posts.length ? { matching: total } : null,
          allMatching: allMatching ? { matching: allMatching.total } : null,
          loadingAll: selection.isPending,
          onSelectAll: selectAllMatching,
          onClear: () => {
            setAllMatching(null);
            setSelected(new Set());
          },
        }}
        onAction={onBulkAction}
      />

      {list.isPending ? (
        <PostsSkeleton />
      ) : list.data ? (
        <>
          <PostsTable
            posts={posts}
            total={total}
            activeId={active?._id ?? null}
            headExtra={
              <PageSizeSelect limit={params.limit} onChange={(n) => setFilter('limit', String(n))} />
            }
            selected={allMatching ? new Set(allMatching.posts.map((p) => p._id)) : selected}
            busyId={moderation.busyId}
            onSelect={toggle}
            onSelectAll={(on) => {
              setAllMatching(null);
              setSelected(on ? new Set(posts.map((p) => p._id)) : new Set());
            }}
            onAction={onRowAction}
          />
          {pagination && (
            <PostsPagination
              page={pagination.currentPage}
              limit={pagination.limit}
              total={pagination.totalPosts}
              totalPages={pagination.totalPages}
              onPage={(page) => setFilter('page', String(page))}
            />
          )}
        </>
      ) : null}

      {editId && editing.data && (
        <EditPostDialog
          key={editing.data._id}
          post={editing.data}
          options={filters.data}
          onClose={closeEdit}
        />
      )}
      {dialog?.kind === 'shortcuts' && <ShortcutsDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'view' && (
        <PostDetailsDialog
          key={dialog.post._id}
          post={dialog.post}
          busy={moderation.singleBusy}
          onApproveAndNext={dialog.post.status === 'pending' ? () => approveAndNext(dialog.post) : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'share' && <ShareDialog postId={dialog.postId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk-share' && (
        <BulkShareDialog postIds={dialog.postIds} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reject' && (
        <RejectDialog
          title="Reject Post"
          description={`Reject “${dialog.post.title || 'Untitled Post'}”.`}
          busy={moderation.singleBusy}
          onReject={(reason) => runSingle(dialog.post, 'reject', reason)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'bulk-reject' && (
        <RejectDialog
          title="Reject Selected Posts"
          description={`Reject ${selectedPosts.length} selected ${selectedPosts.length === 1 ? 'post' : 'posts'}.`}
          busy={moderation.bulkRunning !== null}
          onReject={(reason) => runBulk('reject', reason)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete' || dialog?.kind === 'bulk-delete'}
        title={dialog?.kind === 'bulk-delete' ? 'Delete Selected Posts' : 'Delete Post'}
        message={
          dialog?.kind === 'bulk-delete'
            ? PostMessages.confirmBulkDelete(selectedPosts.length)
            : PostMessages.confirmDelete
        }
        confirmLabel="Delete"
        danger
        busy={moderation.singleBusy || moderation.bulkRunning !== null}
        onConfirm={() => {
          if (dialog?.kind === 'delete') runSingle(dialog.post, 'delete');
          else runBulk('delete');
        }}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}
