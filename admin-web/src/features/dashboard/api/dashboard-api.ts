import {
  RECENT_LOGIN_DAYS,
  type AdminPostStats,
  type AdminStats,
  type LinkAttentionAnswer,
  type LinkCheckBacklogAnswer,
  type LinkHealthHistoryAnswer,
  type LinkValidationStats,
  type SupportStatsAnswer,
  type AlertStatsAnswer,
} from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';
import { HEALTH_TREND_DAYS, ATTENTION_POSTS } from '../../../config/constants.ts';

export { RECENT_LOGIN_DAYS };
export type {
  AdminStats,
  LinkAttentionAnswer,
  LinkCheckBacklogAnswer,
  LinkHealthHistoryAnswer,
  LinkValidationStats,
  SupportStatsAnswer,
};

/** Shopper alerts' counts, as GET /admin/alerts/stats (newsletter-support) answers them. */
export type AlertStats = AlertStatsAnswer['data'];

/** admin.md §3 Post statistics, as GET /admin/posts/stats (catalog) answers them. */
export type PostStats = AdminPostStats;

/**
 * admin.md §8 'Dashboard: Failed to load dashboard data', shown in place of a statistics group
 * whose call failed; the other group still shows.
 */
export const DashboardErrors = {
  stats: 'Failed to load dashboard data',
} as const;

export const dashboardApi = {
  /** admin.md §7 Posts: GET /admin/posts/stats. */
  postStats: () => adminRequest<PostStats>('/admin/posts/stats'),
  /** admin.md §7 Admin accounts: GET /admin/accounts/stats (super admins only, §6). */
  adminStats: () => adminRequest<AdminStats>('/admin/accounts/stats'),
  /** link-validation: links by health now, and per day over the trend's window. */
  linkStats: () => adminRequest<LinkValidationStats>('/admin/link-validation/stats'),
  linkHistory: () =>
    adminRequest<LinkHealthHistoryAnswer>(`/admin/link-validation/history?days=${HEALTH_TREND_DAYS}`),
  /** link-validation: the link-check backlog and the last sweep. */
  checkBacklog: () => adminRequest<LinkCheckBacklogAnswer>('/admin/link-validation/backlog'),
  /** catalog: the most viewed approved posts with broken or sold-out links. */
  linkAttention: () =>
    adminRequest<LinkAttentionAnswer>(`/admin/posts/link-attention?limit=${ATTENTION_POSTS}`),
  /** admin.md §7 Support: GET /admin/support/stats (its data, as the Support screen caches it). */
  supportStats: async () => (await adminRequest<SupportStatsAnswer>('/admin/support/stats')).data,
  /** Shopper alerts (services/newsletter-support README): GET /admin/alerts/stats. */
  alertStats: async () => (await adminRequest<AlertStatsAnswer>('/admin/alerts/stats')).data,
};
