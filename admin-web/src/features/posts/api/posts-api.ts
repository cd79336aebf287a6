import type {
  AdminPostSelectionAnswer,
  AdminPost,
  AdminPostListAnswer,
  AdminPostUpdate,
  BulkPostsAnswer,
  BulkShareContentAnswer,
  BrandFilterList,
  CelebrityFilterList,
  PlatformFilterList,
  PostModerationAction,
  ProductTypeFilterList,
  PublishResult,
  ShareContent,
  ShowFilterList,
  SocialPublishingStatus,
} from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';
import type { PostListParams } from '../url-state.ts';

export type { AdminPost, AdminPostUpdate, PublishResult, ShareContent, SocialPublishingStatus };

/** admin.md §3 Filter options: the five filter calls' answers in one object. */
export type FilterOptions = CelebrityFilterList &
  ShowFilterList &
  BrandFilterList &
  ProductTypeFilterList &
  PlatformFilterList;

/** The actions a post can take from the list (admin.md §2 row actions and bulk toolbar). */
export type ModerationAction = Exclude<PostModerationAction, 'requeue'>;
/** The catalog's bulk calls: the list's actions, and requeue (back to pending) for Undo. */
export type BulkCallAction = PostModerationAction;

/** admin.md §8 Posts and Share: the fallback texts, one per action, single and bulk. */
export const PostErrors = {
  load: 'Failed to load posts',
  update: 'Failed to update post',
  notFound: 'Post not found',
  single: {
    approve: 'Failed to approve post',
    reject: 'Failed to reject post',
    delete: 'Failed to delete post',
    hide: 'Failed to hide post',
    unhide: 'Failed to unhide post',
  },
  bulk: {
    approve: 'Failed to approve posts',
    reject: 'Failed to reject posts',
    delete: 'Failed to delete posts',
    hide: 'Failed to hide posts',
    unhide: 'Failed to unhide posts',
  },
  shareContent: 'Failed to generate share content. Please try again.',
  publish: 'Failed to publish to Instagram',
} as const satisfies Record<string, unknown>;

/** "Select all N matching" could not load the matching posts. */
export const SelectionErrors = { load: 'Failed to select the matching posts' } as const;

/** admin.md §5 validation texts of this screen. */
export const PostMessages = {
  rejectionReason: 'Please provide a rejection reason',
  captionRequired: 'Caption is required for publishing',
  bulkShareNeedsApproved: 'Please select at least one approved post to share.',
  confirmDelete: 'Are you sure you want to delete this post? This action cannot be undone.',
  confirmBulkDelete: (n: number) =>
    `Are you sure you want to delete ${n} selected ${n === 1 ? 'post' : 'posts'}? This action cannot be undone.`,
  statusHint: 'Use Approve/Reject buttons to change status',
} as const;

function listQuery(params: Partial<PostListParams>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const post = (path: string, body: unknown) =>
  adminRequest<BulkPostsAnswer>(path, { method: 'POST', ...json(body) });

/** admin.md §7 Posts. */
export const postsApi = {
  list: (params: PostListParams) => adminRequest<AdminPostListAnswer>(`/admin/posts?${listQuery(params)}`),
  get: (id: string) => adminRequest<AdminPost>(`/admin/posts/${encodeURIComponent(id)}`),
  update: (id: string, body: AdminPostUpdate) =>
    adminRequest<AdminPost>(`/admin/posts/${encodeURIComponent(id)}`, { method: 'PUT', ...json(body) }),
  moderate: (id: string, action: ModerationAction, rejectionReason?: string) =>
    action === 'delete'
      ? adminRequest<unknown>(`/admin/posts/${encodeURIComponent(id)}`, { method: 'DELETE' })
      : adminRequest<AdminPost>(`/admin/posts/${encodeURIComponent(id)}/${action}`, {
          method: 'PUT',
          ...(action === 'reject' ? json({ rejectionReason }) : {}),
        }),
  bulk: (action: BulkCallAction, postIds: string[], rejectionReason?: string) =>
    post(`/admin/posts/bulk-${action}`, action === 'reject' ? { postIds, rejectionReason } : { postIds }),
  /** "Select all N matching": the posts of the list's filters (no page), with status and reason. */
  selection: (params: PostListParams) => {
    const { page: _page, limit: _limit, ...filters } = params;
    return adminRequest<AdminPostSelectionAnswer>(`/admin/posts/selection?${listQuery(filters)}`);
  },
  filters: async (): Promise<FilterOptions> => {
    const [celebrities, shows, brands, productTypes, platforms] = await Promise.all([
      adminRequest<CelebrityFilterList>('/admin/posts/filters/celebrities'),
      adminRequest<ShowFilterList>('/admin/posts/filters/shows'),
      adminRequest<BrandFilterList>('/admin/posts/filters/brands'),
      adminRequest<ProductTypeFilterList>('/admin/posts/filters/product-types'),
      adminRequest<PlatformFilterList>('/admin/posts/filters/platforms'),
    ]);
    return { ...celebrities, ...shows, ...brands, ...productTypes, ...platforms };
  },
  shareContent: (id: string) =>
    adminRequest<ShareContent>(`/admin/posts/${encodeURIComponent(id)}/share-content`),
  bulkShareContent: (postIds: string[]) =>
    adminRequest<BulkShareContentAnswer>('/admin/posts/bulk-share-content', {
      method: 'POST',
      ...json({ postIds }),
    }),
  publish: (id: string, caption: string, platforms: string[]) =>
    adminRequest<PublishResult>(`/admin/posts/${encodeURIComponent(id)}/publish-to-social`, {
      method: 'POST',
      ...json({ caption, platforms }),
    }),
  publishingStatus: () => adminRequest<SocialPublishingStatus>('/admin/posts/late-dev/status'),
};
