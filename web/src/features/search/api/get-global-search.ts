import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPost } from '@celebstyle/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { HEADER_SEARCH_RESULTS } from '../../../config/constants.ts';

export type SearchCelebrity = { name: string; count: number; imageUrl: string | null };
export type SearchShow = {
  name: string;
  postCount: number;
  mediumImage?: string | null;
  network?: string | null;
};
export type SearchPost = Pick<PublicPost, '_id' | 'title' | 'celebrity' | 'show'> &
  Partial<Pick<PublicPost, 'mainImage' | 'enhancedImage' | 'brand' | 'productType'>>;

/** GET /api/search (issue 3 item 7): posts, celebrities and shows grouped in one call. */
export type GlobalSearchAnswer = { posts: SearchPost[]; celebrities: SearchCelebrity[]; shows: SearchShow[] };

export function getGlobalSearch(term: string, signal?: AbortSignal): Promise<GlobalSearchAnswer> {
  return apiGet<Partial<GlobalSearchAnswer>>(
    '/search',
    { q: term, limit: HEADER_SEARCH_RESULTS },
    signal,
  ).then((a) => ({ posts: a.posts ?? [], celebrities: a.celebrities ?? [], shows: a.shows ?? [] }));
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
