import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getPosts, type PostListQuery } from '../../../lib/catalog/posts.ts';
import { FASHION_CHUNK } from '../../../config/constants.ts';
import { CRITICAL_QUERY_META } from '../../../lib/api-client.ts';

/** The Fashion listing in chunks of 30 (storefront.md §4, §9), filtered and sorted on the server. */
export const getFashionPostsQueryOptions = (query: Omit<PostListQuery, 'page' | 'limit'>) =>
  infiniteQueryOptions({
    queryKey: ['posts', 'fashion', query],
    queryFn: ({ pageParam, signal }) => getPosts({ ...query, page: pageParam, limit: FASHION_CHUNK }, signal),
    initialPageParam: 1,
    meta: CRITICAL_QUERY_META,
    // keep the current grid on screen while a new filter loads: no flash, no layout jump
    placeholderData: keepPreviousData,
    getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined),
  });

export function useFashionPosts(query: Omit<PostListQuery, 'page' | 'limit'>) {
  return useInfiniteQuery(getFashionPostsQueryOptions(query));
}
