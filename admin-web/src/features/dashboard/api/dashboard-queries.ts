import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardApi } from './dashboard-api.ts';
import { HEALTH_TREND_DAYS } from '../../../config/constants.ts';

// Keys start with the resource they read ('posts', 'admins'), so a feature that changes posts or
// admins invalidates these statistics too by invalidating its resource's key.

/** admin.md §2 Dashboard: post statistics. */
export const getPostStatsQueryOptions = () =>
  queryOptions({ queryKey: ['posts', 'stats'], queryFn: dashboardApi.postStats });

/** admin.md §2 Dashboard: admin statistics (super admins only, §6). */
export const getAdminStatsQueryOptions = () =>
  queryOptions({ queryKey: ['admins', 'stats'], queryFn: dashboardApi.adminStats });

/** Shopper alerts: active, confirmed, sent in 7 days, unsubscribed. */
export const getAlertStatsQueryOptions = () =>
  queryOptions({ queryKey: ['alerts', 'stats'], queryFn: dashboardApi.alertStats });

export function useAlertStats() {
  return useQuery(getAlertStatsQueryOptions());
}

export function usePostStats() {
  return useQuery(getPostStatsQueryOptions());
}

/** Never asked for unless `enabled` (the signed-in admin is a super admin). */
export function useAdminStats(enabled: boolean) {
  return useQuery({ ...getAdminStatsQueryOptions(), enabled });
}

// The tiles' keys start with the resource too: a link status change, a post write or a support
// update elsewhere in the console reloads them.

export const getLinkStatsQueryOptions = () =>
  queryOptions({ queryKey: ['link-validation', 'stats'], queryFn: dashboardApi.linkStats });
export const getLinkTrendQueryOptions = () =>
  queryOptions({
    queryKey: ['link-validation', 'history', HEALTH_TREND_DAYS],
    queryFn: dashboardApi.linkHistory,
  });
export const getCheckBacklogQueryOptions = () =>
  queryOptions({ queryKey: ['link-validation', 'backlog'], queryFn: dashboardApi.checkBacklog });
export const getLinkAttentionQueryOptions = () =>
  queryOptions({ queryKey: ['posts', 'link-attention'], queryFn: dashboardApi.linkAttention });
export const getSupportStatsQueryOptions = () =>
  queryOptions({ queryKey: ['support', 'stats'], queryFn: dashboardApi.supportStats });

export const useLinkStats = () => useQuery(getLinkStatsQueryOptions());
export const useLinkTrend = () => useQuery(getLinkTrendQueryOptions());
export const useCheckBacklog = () => useQuery(getCheckBacklogQueryOptions());
export const useLinkAttention = () => useQuery(getLinkAttentionQueryOptions());
export const useSupportStats = () => useQuery(getSupportStatsQueryOptions());
