import type { QueryClient } from '@tanstack/react-query';
import { getShowsQueryOptions } from '../../features/shows/api/shows-queries.ts';
import ShowsPage from '../../features/shows/components/shows-page.tsx';
import { signedInLoader } from '../signed-in-loader.ts';

/** The list's first page. */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(() => void queryClient.prefetchQuery(getShowsQueryOptions(1)));

/** admin.md §2 Shows Management (/admin/shows). */
export default function ShowsRoute() {
  return <ShowsPage />;
}
