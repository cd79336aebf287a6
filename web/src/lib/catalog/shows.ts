import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShowListAnswer, ShowListSort } from '@celebstyle/contracts';
import { apiGet } from '../api-client.ts';
import { SHOWS_DEFAULT_LIMIT } from '../../config/constants.ts';

type ShowsQuery = { page?: number; limit?: number; sort?: ShowListSort };

/** GET /api/posts/shows (storefront.md §7: default sort postCount, default limit 20). */
export function getShows(
  { page = 1, limit = SHOWS_DEFAULT_LIMIT, sort = 'postCount' }: ShowsQuery = {},
  signal?: AbortSignal,
): Promise<ShowListAnswer> {
  return apiGet<ShowListAnswer>('/posts/shows', { page, limit, sort }, signal);
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
