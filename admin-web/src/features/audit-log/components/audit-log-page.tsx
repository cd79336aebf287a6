import { useState } from 'react';
import { useSession } from '../../../lib/session.tsx';
import { AuditLogErrors, type AuditFilters } from '../api/audit-log-api.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { AuditLogTable } from './audit-log-table.tsx';
import { useAuditLog, useExportAuditLog } from '../api/audit-log-queries.ts';
import './audit-log.css';

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** Every admin write of every service, newest first; read only. Super admins export it as CSV. */
export default function AuditLogPage() {
  const { state } = useSession();
  const superAdmin = state.status === 'signed-in' && state.admin.role === 'super_admin';
  const [filters, setFilters] = useState<AuditFilters>({});
  // The cursors of the pages before this one (the first page has none), for Newer.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const log = useAuditLog(filters, cursor);
  const exporter = useExportAuditLog();

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCursors([null]);
  };
  const nextCursor = log.data?.nextCursor ?? null;
  const error = log.isError ? `${AuditLogErrors.load}: ${log.error.message}` : null;

  return (
    <section className="audit-log">
      <div className="page-head">
        <div>
          <h1>Audit Log</h1>
          <p className="muted">Who changed what, and when. Entries cannot be edited or deleted.</p>
        </div>
        <div className="audit-head-buttons">
          <button type="button" className="secondary" onClick={() => void log.refetch()}>
            Refresh
          </button>
          {superAdmin && (
            <button
              type="button"
              disabled={exporter.isPending}
              onClick={() =>
                exporter.mutate(filters, { onSuccess: ({ blob, fileName }) => saveFile(blob, fileName) })
              }
            >
              {exporter.isPending ? 'Exporting…' : 'Export CSV'}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p className="banner error" role="alert">
          {error}
        </p>
      )}
      {exporter.isError && (
        <p className="banner error" role="alert">
          {exporter.error.message}
        </p>
      )}
      <AuditLogFilters onApply={apply} />
      <AuditLogTable entries={log.data?.entries ?? []} loading={log.isFetching} />
      <nav className="audit-pages" aria-label="Audit log pages">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length <= 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <span className="muted">Page {cursors.length}</span>
        <button
          type="button"
          className="secondary"
          disabled={!nextCursor || log.isPlaceholderData}
          onClick={() => nextCursor && setCursors([...cursors, nextCursor])}
        >
          Older
        </button>
      </nav>
    </section>
  );
}
