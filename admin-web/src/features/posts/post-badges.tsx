import type { AdminPost } from './api.ts';

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

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
