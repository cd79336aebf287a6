import type { QueryClient } from '@tanstack/react-query';
import {
  getPostFiltersQueryOptions,
  getPostListQueryOptions,
  getPostQueryOptions,
} from '../../features/posts/api/posts-queries.ts';
import PostsPage from '../../features/posts/components/posts-page.tsx';
import { readListParams } from '../../features/posts/url-state.ts';
import { signedInLoader } from '../signed-in-loader.ts';

/** The page the address names, the filters' choices and the post whose dialog the address opens. */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(({ searchParams }) => {
    void queryClient.prefetchQuery(getPostListQueryOptions(readListParams(searchParams)));
    void queryClient.prefetchQuery(getPostFiltersQueryOptions());
    const id = searchParams.get('id');
    if (id) void queryClient.prefetchQuery(getPostQueryOptions(id));
  });

/** admin.md §2 Post Management (/admin/posts). */
export default function PostsRoute() {
  return <PostsPage />;
}
