import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/toast.tsx';
import { ShowMessages, type AdminShow, type AdminShowUpdate } from '../api/shows-api.ts';
import { useDeleteShow, useShows, useUpdateShow } from '../api/shows-queries.ts';
import { ShowDialog } from './show-dialog.tsx';
import { filterShows, pageStats } from '../show-page-stats.ts';
import { ShowsTable } from './shows-table.tsx';
import { useTvmazeRefresh } from '../api/tvmaze-refresh.ts';
import '../../../components/entity-list.css';
import './shows.css';

/**
 * admin.md §2 Shows Management ("Manage TV shows and their information"), /admin/shows: 20 shows a
 * page, searched on the client within the page; stat cards; Edit, Delete and Refresh from TVmaze.
 */
export default function ShowsPage() {
  const [page, setPage] = useState(1);
  const list = useShows(page);
  const update = useUpdateShow();
  const remove = useDeleteShow();
  const tvmaze = useTvmazeRefresh(page);
  const [term, setTerm] = useState('');
  const [editing, setEditing] = useState<AdminShow | null>(null);
  const [deleting, setDeleting] = useState<AdminShow | null>(null);

  const shows = list.data?.shows ?? [];
  const shown = filterShows(shows, term);
  const onPage = pageStats(shows);
  const pagination = list.data?.pagination;

  function save(changes: AdminShowUpdate) {
    if (!editing) return;
    update.mutate(
      { id: editing._id, input: changes },
      {
        onSuccess: (saved) => {
          setEditing(null);
          notify.success('Show updated', saved.name);
        },
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success('Show deleted', deleting.name);
        setDeleting(null);
        if (shows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  }

  return (
    <section className="entity-page">
      <div className="page-head">
        <div>
          <h1>Shows Management</h1>
          <p className="muted">Manage TV shows and their information</p>
        </div>
      </div>

      <dl className="entity-stats" aria-label="Show statistics">
        <StatCard label="Total Shows" value={pagination?.totalShows} />
        <StatCard
          label="Currently Running"
          value={list.data ? onPage.running : undefined}
          hint="on this page"
        />
        <StatCard label="Total Posts" value={list.data ? onPage.posts : undefined} hint="on this page" />
        <StatCard label="Networks" value={list.data ? onPage.networks : undefined} hint="on this page" />
      </dl>

      <div className="entity-toolbar">
        <label className="entity-search">
          <span className="visually-hidden">Search shows</span>
          <input
            type="search"
            placeholder="Search by name, network, status or genre..."
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </label>
        {list.data && term.trim() !== '' && (
          <span className="muted" role="status">
            {shown.length} of {shows.length} shows on this page
          </span>
        )}
      </div>

      {list.isPending ? (
        <p className="muted" role="status">
          Loading shows...
        </p>
      ) : list.isError ? (
        <p role="alert" className="banner">
          {ShowMessages.load}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted">{term.trim() ? 'No shows on this page match your search.' : 'No shows yet.'}</p>
      ) : (
        <ShowsTable
          shows={shown}
          refreshing={tvmaze.refreshing}
          onEdit={setEditing}
          onDelete={setDeleting}
          onRefresh={tvmaze.start}
        />
      )}

      {pagination && pagination.totalPages > 1 && (
        <nav className="entity-pager" aria-label="Shows pages">
          <button
            type="button"
            className="secondary"
            disabled={!pagination.hasPrevPage}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {pagination.currentPage} of {pagination.totalPages}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={!pagination.hasNextPage}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}

      {editing && (
        <ShowDialog
          key={editing._id}
          show={editing}
          saving={update.isPending}
          error={update.isError ? errorText(ShowMessages.update, update.error) : null}
          onSave={save}
          onClose={() => {
            update.reset();
            setEditing(null);
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Show"
        message={`Are you sure you want to delete "${deleting?.name ?? 'this show'}"? This action cannot be undone.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(ShowMessages.remove, remove.error) : null}
        onConfirm={confirmDelete}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </section>
  );
}
