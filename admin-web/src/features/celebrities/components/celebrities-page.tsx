import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/toast.tsx';
import { CelebrityMessages, type AdminCelebrity, type AdminCelebrityUpdate } from '../api/celebrities-api.ts';
import { CelebritiesTable } from './celebrities-table.tsx';
import { filterCelebrities, generatedDescriptionCount } from '../celebrity-search.ts';
import { CelebrityDialog } from './celebrity-dialog.tsx';
import {
  useCelebrities,
  useCelebrityStats,
  useDeleteCelebrity,
  useUpdateCelebrity,
} from '../api/celebrities-queries.ts';
import '../../../components/entity-list.css';

/**
 * admin.md §2 Celebrity Management ("Manage celebrity profiles and information"), /admin/celebrities:
 * the whole list in one fetch of 500, searched on the client; stat cards; Edit and Delete.
 */
export default function CelebritiesPage() {
  const list = useCelebrities();
  const stats = useCelebrityStats();
  const update = useUpdateCelebrity();
  const remove = useDeleteCelebrity();
  const [term, setTerm] = useState('');
  const [editing, setEditing] = useState<AdminCelebrity | null>(null);
  const [deleting, setDeleting] = useState<AdminCelebrity | null>(null);

  const celebrities = list.data?.celebrities ?? [];
  const shown = filterCelebrities(celebrities, term);

  function save(changes: AdminCelebrityUpdate) {
    if (!editing) return;
    update.mutate(
      { id: editing._id, input: changes },
      {
        onSuccess: (saved) => {
          setEditing(null);
          notify.success('Celebrity updated', saved.name);
        },
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success('Celebrity deleted', deleting.name);
        setDeleting(null);
      },
    });
  }

  return (
    <section className="entity-page">
      <div className="page-head">
        <div>
          <h1>Celebrity Management</h1>
          <p className="muted">Manage celebrity profiles and information</p>
        </div>
      </div>

      <dl className="entity-stats" aria-label="Celebrity statistics">
        <StatCard
          label="Total Celebrities"
          value={stats.data?.totalCelebrities ?? list.data?.pagination.totalCelebrities}
        />
        <StatCard
          label="AI Descriptions"
          value={list.data ? generatedDescriptionCount(celebrities) : undefined}
          hint="on this page"
        />
        <StatCard label="Total Looks" value={stats.data?.totalLooks} />
        <StatCard label="Networks" value={stats.data?.networks} />
      </dl>

      <div className="entity-toolbar">
        <label className="entity-search">
          <span className="visually-hidden">Search celebrities</span>
          <input
            type="search"
            placeholder="Search by name, network or show..."
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </label>
        {list.data && term.trim() !== '' && (
          <span className="muted" role="status">
            {shown.length} of {celebrities.length} celebrities
          </span>
        )}
      </div>

      {list.isPending ? (
        <p className="muted" role="status">
          Loading celebrities...
        </p>
      ) : list.isError ? (
        <p role="alert" className="banner">
          {CelebrityMessages.load}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted">{term.trim() ? 'No celebrities match your search.' : 'No celebrities yet.'}</p>
      ) : (
        <CelebritiesTable celebrities={shown} onEdit={setEditing} onDelete={setDeleting} />
      )}

      {editing && (
        <CelebrityDialog
          key={editing._id}
          celebrity={editing}
          saving={update.isPending}
          error={update.isError ? errorText(CelebrityMessages.update, update.error) : null}
          onSave={save}
          onClose={() => {
            update.reset();
            setEditing(null);
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Celebrity"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this celebrity'}? This action cannot be undone.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(CelebrityMessages.remove, remove.error) : null}
        onConfirm={confirmDelete}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </section>
  );
}
