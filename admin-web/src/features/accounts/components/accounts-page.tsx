import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useSession } from '../../../lib/session.tsx';
import { CreateAdminDialog, EditAdminDialog, ResetPasswordDialog } from './account-dialogs.tsx';
import { AccountsTable } from './accounts-table.tsx';
import {
  AccountsMessage,
  accountsApi,
  type AdminRecord,
  type CreateAdminInput,
  type UpdateAdminInput,
} from '../api/accounts-api.ts';
import { useAdminList, useAdminsChanged } from '../api/accounts-queries.ts';
import './accounts.css';

type DialogState =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'edit'; admin: AdminRecord }
  | { mode: 'reset'; admin: AdminRecord };

/** The question asked before a deactivation or a deletion (admin.md §5), and its answer's action. */
type Confirming = { action: 'deactivate' | 'delete'; admin: AdminRecord };

const QUESTIONS = {
  deactivate: {
    title: 'Deactivate Admin',
    message: (name: string) => `Are you sure you want to deactivate the admin account for ${name}?`,
    confirmLabel: 'Deactivate',
  },
  delete: {
    title: 'Delete Admin',
    message: (name: string) =>
      `Are you sure you want to delete the admin account for ${name}? This action cannot be undone.`,
    confirmLabel: 'Delete',
  },
} as const;

/** A banner the admin can dismiss: red for failures (admin.md §8), green for success feedback. */
function Banner({ kind, text, onDismiss }: { kind: 'error' | 'success'; text: string; onDismiss(): void }) {
  return (
    <div className={kind === 'error' ? 'banner accounts-banner' : 'accounts-banner accounts-success'}>
      <span role={kind === 'error' ? 'alert' : 'status'}>{text}</span>
      <button type="button" className="accounts-dismiss" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** admin.md §2 Admin Accounts ("Manage admin users and permissions"), /admin/accounts, super admins only. */
export default function AccountsPage() {
  const { state } = useSession();
  const me = state.status === 'signed-in' ? state.admin : null;

  const [page, setPage] = useState(1);
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>(null);
  const list = useAdminList(page, search);
  const admins = useAdminsChanged();

  // the last admin of the last page went (deleted meanwhile): show the new last page
  const lastPage = Math.max(list.data?.pagination.totalPages ?? 1, 1);
  if (list.data && !list.isPlaceholderData && list.data.admins.length === 0 && page > lastPage) {
    setPage(lastPage);
  }
  const loadError =
    list.isError && list.error !== dismissedLoadError
      ? errorText('Failed to load admin accounts', list.error)
      : null;
  const error = banner ?? loadError;

  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  function feedback(error: string | null, success: string | null) {
    setBanner(error);
    setNotice(success);
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(term.trim());
    setPage(1);
  }

  function clearSearch() {
    setTerm('');
    setSearch('');
    setPage(1);
  }

  /** admin.md §5: activating needs no question; deactivating asks first, and never for yourself. */
  function askToggleActive(admin: AdminRecord) {
    if (!admin.isActive) return void toggleActive(admin);
    if (admin._id === me?._id) return feedback(AccountsMessage.ownDeactivate, null);
    setConfirming({ action: 'deactivate', admin });
  }

  /** admin.md §5: no admin can delete their own account; deleting anyone else asks first. */
  function askRemove(admin: AdminRecord) {
    if (admin._id === me?._id) return feedback(AccountsMessage.ownDelete, null);
    setConfirming({ action: 'delete', admin });
  }

  async function toggleActive(admin: AdminRecord) {
    feedback(null, null);
    setBusy(admin._id, true);
    try {
      const answer = admin.isActive
        ? await accountsApi.deactivate(admin._id)
        : await accountsApi.activate(admin._id);
      void admins.updated(answer.admin);
      feedback(null, `${answer.message}: ${answer.admin.username}`);
    } catch (e) {
      feedback(errorText('Failed to update account status', e), null);
    } finally {
      setBusy(admin._id, false);
    }
  }

  async function remove(admin: AdminRecord) {
    feedback(null, null);
    setBusy(admin._id, true);
    try {
      const answer = await accountsApi.remove(admin._id);
      feedback(null, `${answer.message}: ${admin.username}`);
      void admins.addedOrRemoved();
    } catch (e) {
      feedback(errorText('Failed to delete admin account', e), null);
    } finally {
      setBusy(admin._id, false);
    }
  }

  function confirmed() {
    if (!confirming) return;
    setConfirming(null);
    void (confirming.action === 'delete' ? remove(confirming.admin) : toggleActive(confirming.admin));
  }

  /** The dialogs' saves: a rejection's message is shown inside the dialog, which stays open. */
  async function create(input: CreateAdminInput) {
    try {
      const answer = await accountsApi.create(input);
      feedback(null, `${answer.message}: ${answer.admin.username}`);
    } catch (e) {
      throw new Error(errorText('Failed to create admin account', e));
    }
    setDialog({ mode: 'closed' });
    setPage(1); // newest first: the new admin is on the first page
    void admins.addedOrRemoved();
  }

  async function update(admin: AdminRecord, input: UpdateAdminInput) {
    try {
      const answer = await accountsApi.update(admin._id, input);
      void admins.updated(answer.admin);
      feedback(null, `${answer.message}: ${answer.admin.username}`);
    } catch (e) {
      throw new Error(errorText('Failed to update admin account', e));
    }
    setDialog({ mode: 'closed' });
  }

  async function resetPassword(admin: AdminRecord, newPassword: string) {
    try {
      const answer = await accountsApi.resetPassword(admin._id, newPassword);
      feedback(null, `${answer.message}: ${admin.username}`);
    } catch (e) {
      throw new Error(errorText('Failed to reset password', e));
    }
    setDialog({ mode: 'closed' });
  }

  return (
    <section className="accounts">
      <div className="page-head">
        <div>
          <h1>Admin Accounts</h1>
          <p className="muted accounts-subtitle">Manage admin users and permissions</p>
        </div>
        <button type="button" onClick={() => setDialog({ mode: 'create' })}>
          Add New Admin
        </button>
      </div>
      {error && (
        <Banner
          kind="error"
          text={error}
          onDismiss={() => {
            setBanner(null);
            setDismissedLoadError(list.error);
          }}
        />
      )}
      {notice && <Banner kind="success" text={notice} onDismiss={() => setNotice(null)} />}
      <form className="panel accounts-search" role="search" onSubmit={submitSearch}>
        <input
          type="search"
          aria-label="Search admins"
          placeholder="Search by username or email..."
          maxLength={100}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <button type="submit">Search</button>
        {(term || search) && (
          <button type="button" className="secondary" onClick={clearSearch}>
            Clear
          </button>
        )}
      </form>
      <AccountsTable
        list={list.data ?? null}
        loading={list.isFetching}
        searching={search !== ''}
        currentAdminId={me?._id ?? ''}
        busyIds={busyIds}
        onEdit={(admin) => setDialog({ mode: 'edit', admin })}
        onResetPassword={(admin) => setDialog({ mode: 'reset', admin })}
        onToggleActive={askToggleActive}
        onDelete={askRemove}
        onPage={setPage}
      />
      {dialog.mode === 'create' && (
        <CreateAdminDialog onSave={create} onCancel={() => setDialog({ mode: 'closed' })} />
      )}
      {dialog.mode === 'edit' && (
        <EditAdminDialog
          key={dialog.admin._id}
          admin={dialog.admin}
          isSelf={dialog.admin._id === me?._id}
          onSave={(input) => update(dialog.admin, input)}
          onCancel={() => setDialog({ mode: 'closed' })}
        />
      )}
      {dialog.mode === 'reset' && (
        <ResetPasswordDialog
          key={dialog.admin._id}
          admin={dialog.admin}
          onSave={(password) => resetPassword(dialog.admin, password)}
          onCancel={() => setDialog({ mode: 'closed' })}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? QUESTIONS[confirming.action].title : ''}
        message={confirming ? QUESTIONS[confirming.action].message(confirming.admin.username) : ''}
        confirmLabel={confirming ? QUESTIONS[confirming.action].confirmLabel : ''}
        danger={confirming?.action === 'delete'}
        onConfirm={confirmed}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
