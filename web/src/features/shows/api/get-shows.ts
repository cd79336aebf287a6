import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostPagination } from '@celebstyle/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { SHOWS_DEFAULT_LIMIT } from '../../../config/constants.ts';

/** storefront.md §3 Show. */
export type Show = {
  _id: string;
  name: string;
  searchTerm?: string | null;
  network: string | null;
  originalImage: string | null;
  mediumImage: string | null;
  postCount: number;
  genres: string[];
  summary: string | null;
};

export type ShowsAnswer = { shows: Show[]; pagination?: PostPagination };

type ShowsQuery = { page?: number; limit?: number; sort?: 'postCount' | 'name' };

/** GET /api/posts/shows (storefront.md §7: default sort postCount, default limit 20). */
export function getShows(
  { page = 1, limit = SHOWS_DEFAULT_LIMIT, sort = 'postCount' }: ShowsQuery = {},
  signal?: AbortSignal,
): Promise<ShowsAnswer> {
  return apiGet<ShowsAnswer>('/posts/shows', { page, limit, sort }, signal);
}

export const getShowsQueryOptions = (query: ShowsQuery = {}) =>
  queryOptions({
    queryKey: ['shows', query],
    queryFn: ({ signal }) => getShows(query, signal),
    staleTime: 15 * 60_000, // storefront.md §9: show cache 15 min
  });

export function useShows(query: ShowsQuery = {}) {
  return useQuery(getShowsQueryOptions(query));
}
