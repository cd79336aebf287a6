import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.tsx';
import { PostErrors, PostMessages, type AdminPost, type ModerationAction } from './api.ts';
import { BulkShareDialog } from './bulk-share-dialog.tsx';
import { BulkToolbar, type BulkAction } from './bulk-toolbar.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';
import { PostDetailsDialog } from './post-details-dialog.tsx';
import { PostsFilters } from './posts-filters.tsx';
import { PostsPagination } from './posts-pagination.tsx';
import { PostsSkeleton } from './posts-skeleton.tsx';
import { PostsTable, type RowAction } from './posts-table.tsx';
import { useBulkModerate, useModeratePost, usePost, usePostFilters, usePostList } from './queries.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { readListParams, withParam, withoutFilters, type FilterKey } from './url-state.ts';
import './posts.css';

type OpenDialog =
  | { kind: 'view'; post: AdminPost }
  | { kind: 'reject'; post: AdminPost }
  | { kind: 'delete'; post: AdminPost }
  | { kind: 'share'; postId: string }
  | { kind: 'bulk-reject' }
  | { kind: 'bulk-delete' }
  | { kind: 'bulk-share'; postIds: string[] };

const DONE: Record<ModerationAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  hide: 'hidden',
  unhide: 'unhidden',
  delete: 'deleted',
};

/**
 * admin.md §2 Post Management. The address holds the filters, sort and page (a link to a filtered
 * list works) and `id`, the post whose edit dialog is open (the link validation screen links here).
 */
export default function PostsPage() {
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const editId = search.get('id');
  const list = usePostList(params);
  const filters = usePostFilters();
  const editing = usePost(editId);
  const moderate = useModeratePost();
  const bulk = useBulkModerate();

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dismissedError, setDismissedError] = useState<unknown>(null);

  // a new list (filters, page) starts with nothing selected
  const listKey = JSON.stringify(params);
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
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
  const selectedPosts = posts.filter((p) => selected.has(p._id));

  const navigate = (next: URLSearchParams) => setSearch(next);
  const setFilter = (key: FilterKey | 'page', value: string) => navigate(withParam(search, key, value));
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

  const runSingle = (post: AdminPost, action: ModerationAction, rejectionReason?: string) =>
    moderate.mutate(
      { id: post._id, action, rejectionReason },
      {
        onSuccess: () => {
          notify.success(`Post ${DONE[action]}`);
          setDialog(null);
          setSelected((s) => new Set([...s].filter((id) => id !== post._id)));
        },
        onError: (e) => notify.error(PostErrors.single[action], e.message),
      },
    );

  const runBulk = (action: ModerationAction, rejectionReason?: string) => {
    const postIds = selectedPosts.map((p) => p._id);
    bulk.mutate(
      { action, postIds, rejectionReason },
      {
        onSuccess: (answer) => {
          const skipped = answer.skipped + answer.notFound;
          notify.success(
            `${answer.done} ${answer.done === 1 ? 'post' : 'posts'} ${DONE[action]}`,
            skipped > 0 ? `${skipped} skipped` : undefined,
          );
          setDialog(null);
          setSelected(new Set());
        },
        onError: (e) => notify.error(PostErrors.bulk[action], e.message),
      },
    );
  };

  const onRowAction = (post: AdminPost, action: RowAction) => {
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

  const loadError = list.isError && list.error !== dismissedError ? list.error : null;
  const pagination = list.data?.pagination;

  return (
    <section className="posts-page">
      <div className="page-head">
        <div>
          <h1>Post Management</h1>
          <p className="muted posts-subtitle">Review and manage fashion posts</p>
        </div>
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
        selected={selectedPosts}
        running={bulk.isPending ? bulk.variables.action : null}
        onAction={onBulkAction}
      />

      {list.isPending ? (
        <PostsSkeleton />
      ) : list.data ? (
        <>
          <PostsTable
            posts={posts}
            total={pagination?.totalPosts ?? 0}
            selected={selected}
            busyId={moderate.isPending ? (moderate.variables?.id ?? null) : null}
            onSelect={(id, on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onSelectAll={(on) => setSelected(on ? new Set(posts.map((p) => p._id)) : new Set())}
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
      {dialog?.kind === 'view' && <PostDetailsDialog post={dialog.post} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && <ShareDialog postId={dialog.postId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk-share' && (
        <BulkShareDialog postIds={dialog.postIds} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reject' && (
        <RejectDialog
          title="Reject Post"
          description={`Reject “${dialog.post.title || 'Untitled Post'}”.`}
          busy={moderate.isPending}
          onReject={(reason) => runSingle(dialog.post, 'reject', reason)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'bulk-reject' && (
        <RejectDialog
          title="Reject Selected Posts"
          description={`Reject ${selectedPosts.length} selected ${selectedPosts.length === 1 ? 'post' : 'posts'}.`}
          busy={bulk.isPending}
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
        busy={moderate.isPending || bulk.isPending}
        onConfirm={() => {
          if (dialog?.kind === 'delete') runSingle(dialog.post, 'delete');
          else runBulk('delete');
        }}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}
