import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlobalSearchAnswer } from '@celebstyle/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { HEADER_SEARCH_RESULTS } from '../../../config/constants.ts';

export type { GlobalSearchAnswer };

/**
 * GET /api/search: posts, celebrities and shows grouped in one call (storefront.md §7 Composite
 * operations).
 */
export function getGlobalSearch(term: string, signal?: AbortSignal): Promise<GlobalSearchAnswer> {
  return apiGet<GlobalSearchAnswer>('/search', { q: term, limit: HEADER_SEARCH_RESULTS }, signal);
}

export const getGlobalSearchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['search', term],
    queryFn: ({ signal }) => getGlobalSearch(term, signal),
    staleTime: 5 * 60_000,
  });

/** storefront.md §5: a blank or whitespace term returns no results and makes no calls. */
export function useGlobalSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({ ...getGlobalSearchQueryOptions(trimmed), enabled: trimmed !== '' });
}
