import type { QueryClient } from '@tanstack/react-query';
import {
  FIRST_SUPPORT_LIST,
  getSupportListQueryOptions,
  getSupportStatsQueryOptions,
} from '../../features/support/api/support-queries.ts';
import SupportPage from '../../features/support/components/support-page.tsx';
import { signedInLoader } from '../signed-in-loader.ts';

/** The list's first page and the counts by status. */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(() => {
    void queryClient.prefetchQuery(getSupportListQueryOptions(FIRST_SUPPORT_LIST));
    void queryClient.prefetchQuery(getSupportStatsQueryOptions());
  });

/** admin.md §2 Support Requests (/admin/support). */
export default function SupportRoute() {
  return <SupportPage />;
}
