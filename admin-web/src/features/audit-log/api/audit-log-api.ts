import type { AuditLogAnswer, AuditLogQuery, ErrorBody } from '@celebstyle/contracts';
import { adminFetch, adminRequest } from '../../../lib/api-client.ts';
import { AUDIT_LOG_PAGE_SIZE } from '../../../config/constants.ts';

export type { AuditLogAnswer };

/** The screen's filters as the form holds them; blanks are not sent. */
export type AuditFilters = Pick<
  AuditLogQuery,
  'actor' | 'action' | 'targetType' | 'targetId' | 'from' | 'to'
>;

export const AuditLogErrors = {
  load: 'Failed to load the audit log',
  export: 'Export failed',
} as const;

export function auditQuery(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') query.set(key, value.trim());
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

export const auditLogApi = {
  list: (filters: AuditFilters, cursor: string | null) =>
    adminRequest<AuditLogAnswer>(
      `/admin/audit-log?${auditQuery(filters, {
        limit: String(AUDIT_LOG_PAGE_SIZE),
        ...(cursor ? { cursor } : {}),
      })}`,
    ),
  /** Super admins only: the matching entries as a CSV file. */
  async export(filters: AuditFilters): Promise<{ blob: Blob; fileName: string }> {
    const res = await adminFetch(`/admin/audit-log/export?${auditQuery(filters)}`);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
      throw new Error(body?.message ?? `${AuditLogErrors.export}: ${res.statusText || res.status}`);
    }
    const named = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '');
    return { blob: await res.blob(), fileName: named?.[1] ?? 'audit-log.csv' };
  },
};
