import type { AuditEntry } from '@celebstyle/contracts';
import { AUDIT_ACTION_LABELS, AuditChanges } from '../../../components/audit-trail.tsx';
import { DateTime } from '../../../components/date-time.tsx';

/** Newest first: when, who, what, on which record, and the fields that changed. */
export function AuditLogTable({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  return (
    <div className="panel table-scroll" aria-busy={loading}>
      <table className="audit-table" aria-label="Audit log entries, newest first">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Admin</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td>
                <DateTime iso={entry.occurredAt} />
              </td>
              <td>{entry.actor.username}</td>
              <td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td>
                <div>{entry.targetLabel ?? '—'}</div>
                <div className="muted audit-target-id">
                  {entry.targetType} {entry.targetId}
                </div>
              </td>
              <td>
                <AuditChanges changes={entry.changes} />
              </td>
            </tr>
          ))}
          {entries.length === 0 && !loading && (
            <tr>
              <td colSpan={5} className="muted">
                No entries match these filters.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
