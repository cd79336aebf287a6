import PostsPage from '../../features/posts/components/posts-page.tsx';

/** admin.md §2 Post Management (/admin/posts). */
export default function PostsRoute() {
  return <PostsPage />;
}
