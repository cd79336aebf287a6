import { DropdownMenu } from '../../../components/dropdown-menu.tsx';
import { roleLabel, showingText, type AdminListAnswer, type AdminRecord } from '../api/accounts-api.ts';
import { DateTime } from '../../../components/date-time.tsx';

interface Props {
  list: AdminListAnswer | null;
  loading: boolean;
  searching: boolean;
  currentAdminId: string;
  /** Ids of admins with an action in flight: their buttons are disabled meanwhile. */
  busyIds: ReadonlySet<string>;
  onEdit(admin: AdminRecord): void;
  onResetPassword(admin: AdminRecord): void;
  onToggleActive(admin: AdminRecord): void;
  onDelete(admin: AdminRecord): void;
  onPage(page: number): void;
}

/** admin.md §2 Admin Accounts: the 'Admin Accounts (total)' table and its pagination. */
export function AccountsTable({
  list,
  loading,
  searching,
  currentAdminId,
  busyIds,
  onEdit,
  onResetPassword,
  onToggleActive,
  onDelete,
  onPage,
}: Props) {
  const admins = list?.admins ?? [];
  const pagination = list?.pagination;
  return (
    <div className="panel accounts-panel" aria-busy={loading}>
      <h2 id="accounts-table-title">Admin Accounts ({pagination?.totalAdmins ?? 0})</h2>
      {!list ? (
        // no list and not loading: the load failed, and the page's banner says so
        loading && <p className="muted">Loading admin accounts...</p>
      ) : admins.length === 0 ? (
        <p className="muted">{searching ? 'No admins match your search.' : 'No admin accounts found.'}</p>
      ) : (
        <div className="table-scroll accounts-scroll">
          <table className="accounts-table" aria-labelledby="accounts-table-title">
            <thead>
              <tr>
                <th scope="col">Admin</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Last Login</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {admins.map((admin) => {
                const isSelf = admin._id === currentAdminId;
                const busy = busyIds.has(admin._id);
                return (
                  <tr key={admin._id}>
                    <th scope="row">
                      <span className="accounts-name">
                        <span className="accounts-username">{admin.username}</span>
                        {isSelf && <span className="accounts-you"> (You)</span>}
                      </span>
                      <span className="accounts-email">{admin.email}</span>
                    </th>
                    <td>
                      <span className={`accounts-badge role-${admin.role}`}>{roleLabel(admin.role)}</span>
                    </td>
                    <td>
                      <span className={`accounts-badge ${admin.isActive ? 'is-active' : 'is-inactive'}`}>
                        {admin.isActive ? 'Active' : 'Inactive'}
                      </span>
                    </td>
                    <td>
                      <DateTime iso={admin.createdAt} />
                    </td>
                    <td>
                      {admin.lastLogin ? (
                        <DateTime iso={admin.lastLogin} />
                      ) : (
                        <span className="muted">Never</span>
                      )}
                    </td>
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="secondary"
                          disabled={busy}
                          onClick={() => onEdit(admin)}
                        >
                          Edit
                        </button>
                        <DropdownMenu
                          label="More"
                          aria-label={`More actions for ${admin.username}`}
                          items={[
                            {
                              label: 'Reset Password',
                              disabled: busy,
                              onSelect: () => onResetPassword(admin),
                            },
                            {
                              label: admin.isActive ? 'Deactivate' : 'Activate',
                              // admin.md §5: the current admin cannot deactivate themselves (disabled).
                              disabled: busy || (isSelf && admin.isActive),
                              hint:
                                isSelf && admin.isActive
                                  ? 'You cannot deactivate your own account'
                                  : undefined,
                              onSelect: () => onToggleActive(admin),
                            },
                            {
                              label: 'Delete',
                              danger: true,
                              disabled: busy,
                              onSelect: () => onDelete(admin),
                            },
                          ]}
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
      {pagination && pagination.totalAdmins > 0 && (
        <nav className="accounts-pagination" aria-label="Pagination">
          <p>{showingText(pagination)}</p>
          <div className="accounts-pages">
            <button
              type="button"
              className="secondary"
              disabled={loading || !pagination.hasPrevPage}
              onClick={() => onPage(pagination.currentPage - 1)}
            >
              Previous
            </button>
            <span className="muted">
              Page {pagination.currentPage} of {Math.max(pagination.totalPages, 1)}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={loading || !pagination.hasNextPage}
              onClick={() => onPage(pagination.currentPage + 1)}
            >
              Next
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
