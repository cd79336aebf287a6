import type { AuditLogAnswer } from '@celebstyle/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api-client.ts';
import { POST_HISTORY_LIMIT } from '../../../config/constants.ts';

export const fetchPostHistory = (postId: string) =>
  adminRequest<AuditLogAnswer>(
    `/admin/audit-log?targetType=post&targetId=${encodeURIComponent(postId)}&limit=${POST_HISTORY_LIMIT}`,
  );

// Under 'audit-log' (not 'posts'): entries arrive a moment after a write, so each opening asks again.
export const getPostHistoryQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['audit-log', 'post', postId],
    queryFn: () => fetchPostHistory(postId),
    staleTime: 0,
  });

export function usePostHistory(postId: string) {
  return useQuery(getPostHistoryQueryOptions(postId));
}
