import AuditLogPage from '../../features/audit-log/components/audit-log-page.tsx';

/** Audit Log (/admin/audit-log). */
export default function AuditLogRoute() {
  return <AuditLogPage />;
}
