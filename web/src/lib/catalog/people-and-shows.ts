import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CelebrityProfileAnswer,
  Show,
  ShowPostsAnswer,
  TrendingCelebritiesAnswer,
} from '@celebstyle/contracts';
import { apiGet, ApiError, CRITICAL_QUERY_META } from '../api-client.ts';

/** GET /api/posts/trending-celebrities?limit */
export const getTrendingCelebritiesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['celebrities', 'trending', limit],
    queryFn: ({ signal }) =>
      apiGet<TrendingCelebritiesAnswer>('/posts/trending-celebrities', { limit }, signal),
    staleTime: 60 * 60_000, // storefront.md §9: celebrity cache 60 min
  });

export function useTrendingCelebrities(limit: number) {
  return useQuery(getTrendingCelebritiesQueryOptions(limit));
}

/** GET /api/posts/celebrity/{slug}?page&limit */
export const getCelebrityPostsQueryOptions = (slug: string, page: number, limit: number) =>
  queryOptions({
    queryKey: ['celebrities', 'profile', slug, page, limit],
    queryFn: ({ signal }) =>
      apiGet<CelebrityProfileAnswer>(`/posts/celebrity/${encodeURIComponent(slug)}`, { page, limit }, signal),
  });

/** GET /api/posts/show/{showName}?page&limit (a slug or a name) */
export const getShowPostsQueryOptions = (showName: string, page: number, limit: number) =>
  queryOptions({
    queryKey: ['shows', 'posts', showName, page, limit],
    queryFn: ({ signal }) =>
      apiGet<ShowPostsAnswer>(`/posts/show/${encodeURIComponent(showName)}`, { page, limit }, signal),
    meta: CRITICAL_QUERY_META,
    staleTime: 15 * 60_000,
  });

/** GET /api/posts/shows/tvmaze-name/{name}: a 404 means none (storefront.md §7). */
export const getCanonicalShowQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['shows', 'canonical', name],
    queryFn: ({ signal }) =>
      apiGet<Show>(`/posts/shows/tvmaze-name/${encodeURIComponent(name)}`, undefined, signal).catch(
        (e: unknown) => {
          if (e instanceof ApiError && e.status === 404) return null;
          throw e;
        },
      ),
    staleTime: 15 * 60_000,
  });
