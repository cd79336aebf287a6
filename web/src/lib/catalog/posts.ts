import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostListAnswer, PublicPost, PostSortField } from '@celebstyle/contracts';
import { apiGet } from '../api-client.ts';
import { TOP_PICKS_DEFAULT_LIMIT } from '../../config/constants.ts';

export type { PublicPost };

/** One facet value with the count of posts under the current filters (issue 3 item 1). */
export type FacetCount = { name: string; count: number };
export type PostFacets = {
  shows: FacetCount[];
  celebrities: FacetCount[];
  brands: FacetCount[];
  productTypes: FacetCount[];
};

export type PostListQuery = {
  page?: number;
  limit?: number;
  sort?: PostSortField;
  order?: 'asc' | 'desc';
  show?: string;
  celebrity?: string;
  brand?: string;
  product?: string;
  platform?: string;
  search?: string;
  filter?: 'latest' | 'top';
};

export type PostListWithFacets = PostListAnswer & { facets?: Partial<PostFacets> };

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
  queryOptions({ queryKey: ['posts', 'detail', id], queryFn: ({ signal }) => getPost(id, signal) });

export function usePost(id: string) {
  return useQuery(getPostQueryOptions(id));
}

type PostsAnswer = { posts: PublicPost[] };

/** GET /api/posts/top-picks (limit, default 8): isTopPick posts, newest first. */
export const getTopPicksQueryOptions = (limit = TOP_PICKS_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['posts', 'top-picks', limit],
    queryFn: ({ signal }) => apiGet<PostsAnswer>('/posts/top-picks', { limit }, signal).then((a) => a.posts),
  });

export function useTopPicks(limit = TOP_PICKS_DEFAULT_LIMIT) {
  return useQuery(getTopPicksQueryOptions(limit));
}

/** GET /api/posts/popular-posts (limit, default 8): most viewed. */
export const getPopularPostsQueryOptions = (limit = TOP_PICKS_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['posts', 'popular', limit],
    queryFn: ({ signal }) =>
      apiGet<PostsAnswer>('/posts/popular-posts', { limit }, signal).then((a) => a.posts),
  });

export function usePopularPosts(limit = TOP_PICKS_DEFAULT_LIMIT) {
  return useQuery(getPopularPostsQueryOptions(limit));
}

/** enhancedImage is preferred over mainImage when present (storefront.md §3). */
export function postImage(post: Pick<PublicPost, 'enhancedImage' | 'mainImage'>): string | null {
  return post.enhancedImage || post.mainImage || null;
}
