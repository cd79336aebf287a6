import PostsPage from '../../features/posts/posts-page.tsx';

/** admin.md §2 Post Management (/admin/posts). */
export default function PostsRoute() {
  return <PostsPage />;
}
