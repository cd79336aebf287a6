import type { AdminPost } from '../api/posts-api.ts';

/** admin.md §2 Post column: enhancedImage, else mainImage, else a placeholder. */
export function thumbnailOf(post: Pick<AdminPost, 'enhancedImage' | 'mainImage'>): string | null {
  return post.enhancedImage || post.mainImage || null;
}

export const titleOf = (post: Pick<AdminPost, 'title'>) => post.title.trim() || 'Untitled Post';

export function StatusBadge({ status }: { status: AdminPost['status'] }) {
  return <span className={`badge post-status-${status}`}>{status}</span>;
}

export function PlatformBadge({ platform }: { platform: AdminPost['platform'] }) {
  return <span className={`badge post-platform-${platform}`}>{platform}</span>;
}
