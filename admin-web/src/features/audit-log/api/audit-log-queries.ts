import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { auditLogApi, type AuditFilters } from './audit-log-api.ts';

// Keys start with 'audit-log'. Entries arrive from every service a moment after their write, so a
// page is never taken as fresh: opening the screen or pressing Refresh asks again.
export const getAuditLogQueryOptions = (filters: AuditFilters, cursor: string | null) =>
  queryOptions({
    queryKey: ['audit-log', 'list', filters, cursor],
    queryFn: () => auditLogApi.list(filters, cursor),
    staleTime: 0,
  });

export function useAuditLog(filters: AuditFilters, cursor: string | null) {
  return useQuery({ ...getAuditLogQueryOptions(filters, cursor), placeholderData: (previous) => previous });
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: auditLogApi.export });
}
