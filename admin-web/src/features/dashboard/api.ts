import {
  RECENT_LOGIN_DAYS,
  type AdminPostStats,
  type AdminStats,
  type AlertStatsAnswer,
} from '@celebstyle/contracts';
import { adminRequest } from '../../lib/api-client.ts';

export { RECENT_LOGIN_DAYS };
export type { AdminStats };
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
  /** Shopper alerts (services/newsletter-support README): GET /admin/alerts/stats. */
  alertStats: async () => (await adminRequest<AlertStatsAnswer>('/admin/alerts/stats')).data,
};
