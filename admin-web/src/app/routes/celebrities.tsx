import type { QueryClient } from '@tanstack/react-query';
import {
  getCelebritiesQueryOptions,
  getCelebrityStatsQueryOptions,
} from '../../features/celebrities/api/celebrities-queries.ts';
import CelebritiesPage from '../../features/celebrities/components/celebrities-page.tsx';
import { signedInLoader } from '../signed-in-loader.ts';

/** The list and its statistics. */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(() => {
    void queryClient.prefetchQuery(getCelebritiesQueryOptions());
    void queryClient.prefetchQuery(getCelebrityStatsQueryOptions());
  });

/** admin.md §2 Celebrities Management (/admin/celebrities). */
export default function CelebritiesRoute() {
  return <CelebritiesPage />;
}
