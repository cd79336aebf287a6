import type { QueryClient } from '@tanstack/react-query';
import {
  getAdminStatsQueryOptions,
  getAlertStatsQueryOptions,
  getCheckBacklogQueryOptions,
  getLinkAttentionQueryOptions,
  getLinkStatsQueryOptions,
  getLinkTrendQueryOptions,
  getPostStatsQueryOptions,
  getSupportStatsQueryOptions,
} from '../../features/dashboard/api/dashboard-queries.ts';
import DashboardPage from '../../features/dashboard/components/dashboard-page.tsx';
import { signedInLoader } from '../signed-in-loader.ts';

/** Every tile's and statistics group's read; the admin statistics for super admins only (§6). */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader((_url, admin) => {
    void queryClient.prefetchQuery(getPostStatsQueryOptions());
    void queryClient.prefetchQuery(getAlertStatsQueryOptions());
    if (admin.role === 'super_admin') void queryClient.prefetchQuery(getAdminStatsQueryOptions());
    void queryClient.prefetchQuery(getLinkStatsQueryOptions());
    void queryClient.prefetchQuery(getLinkTrendQueryOptions());
    void queryClient.prefetchQuery(getLinkAttentionQueryOptions());
    void queryClient.prefetchQuery(getCheckBacklogQueryOptions());
    void queryClient.prefetchQuery(getSupportStatsQueryOptions());
  });

/** admin.md §2 Dashboard (/admin). */
export default function DashboardRoute() {
  return <DashboardPage />;
}
