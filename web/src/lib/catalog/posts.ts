import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  FacetCount,
  PostFacets,
  PostListQuery as ContractPostListQuery,
  PostListWithFacetsAnswer,
  PostsOnlyAnswer,
  PublicPost,
} from '@celebstyle/contracts';
import { apiGet, CRITICAL_QUERY_META } from '../api-client.ts';
import { TOP_PICKS_DEFAULT_LIMIT } from '../../config/constants.ts';

export type { PublicPost };

export type { FacetCount, PostFacets };

/** GET /api/posts query: every field optional here; the server fills its defaults. */
export type PostListQuery = Partial<ContractPostListQuery>;

export type PostListWithFacets = PostListWithFacetsAnswer;

/** GET /api/posts: page, limit, sort, order and the Fashion listing's filters, on the server. */
export function getPosts(query: PostListQuery, signal?: AbortSignal): Promise<PostListWithFacets> {
  return apiGet<PostListWithFacets>('/posts', query, signal);
}

export const getPostsQueryOptions = (query: PostListQuery) =>
  queryOptions({ queryKey: ['posts', 'list', query], queryFn: ({ signal }) => getPosts(query, signal) });

export function usePosts(query: PostListQuery, enabled = true) {
  return useQuery({ ...getPostsQueryOptions(query), enabled });
}

/** GET /api/posts/{id} */
export function getPost(id: string, signal?: AbortSignal): Promise<PublicPost> {
  return apiGet<PublicPost>(`/posts/${encodeURIComponent(id)}`, undefined, signal);
}

export const getPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['posts', 'detail', id],
    queryFn: ({ signal }) => getPost(id, signal),
    meta: CRITICAL_QUERY_META,
  });

export function usePost(id: string) {
  return useQuery(getPostQueryOptions(id));
}

/** GET /api/posts/top-picks (limit, default 8): isTopPick posts, newest first. */
export const getTopPicksQueryOptions = (limit = TOP_PICKS_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['posts', 'top-picks', limit],
    queryFn: ({ signal }) =>
      apiGet<PostsOnlyAnswer>('/posts/top-picks', { limit }, signal).then((a) => a.posts),
  });

/** GET /api/posts/popular-posts (limit, default 8): most viewed. */
export const getPopularPostsQueryOptions = (limit = TOP_PICKS_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['posts', 'popular', limit],
    queryFn: ({ signal }) =>
      apiGet<PostsOnlyAnswer>('/posts/popular-posts', { limit }, signal).then((a) => a.posts),
  });

export function usePopularPosts(limit = TOP_PICKS_DEFAULT_LIMIT) {
  return useQuery(getPopularPostsQueryOptions(limit));
}

/** enhancedImage is preferred over mainImage when present (storefront.md §3). */
export function postImage(post: Pick<PublicPost, 'enhancedImage' | 'mainImage'>): string | null {
  return post.enhancedImage || post.mainImage || null;
}
