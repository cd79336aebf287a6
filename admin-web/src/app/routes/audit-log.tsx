import AuditLogPage from '../../features/audit-log/audit-log-page.tsx';

/** Audit Log (/admin/audit-log). */
export default function AuditLogRoute() {
  return <AuditLogPage />;
}
