import type { QueryClient } from '@tanstack/react-query';
import {
  getHistoryQueryOptions,
  getResultsQueryOptions,
} from '../../features/link-validation/api/link-validation-queries.ts';
import LinkValidationPage from '../../features/link-validation/components/link-validation-page.tsx';
import { viewFromSearch } from '../../features/link-validation/filters.ts';
import { signedInLoader } from '../signed-in-loader.ts';

/**
 * The results page the address names and the health chart's history. Not the figures: the screen
 * asks for them afresh each time it opens (getStatsQueryOptions), and a prefetch that answered
 * before the screen mounted would have them asked twice.
 */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(({ search }) => {
    void queryClient.prefetchQuery(getResultsQueryOptions(viewFromSearch(search)));
    void queryClient.prefetchQuery(getHistoryQueryOptions());
  });

/** link-health-and-routes.md §2.2 Link Validation (/admin/link-validation). */
export default function LinkValidationRoute() {
  return <LinkValidationPage />;
}
