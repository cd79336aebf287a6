import { Type, type Static } from '@sinclair/typebox';
import { AdminPostListQuery } from './admin-posts.ts';
import { QueryInteger } from './query-integer.ts';
import { PostStatus } from './post.ts';

/**
 * "Select all N matching" on Post Management: at most this many posts of a filter set are handed
 * to the console, which moderates them in bulk calls of BULK_POST_LIMIT.
 */
export const POST_SELECTION_MAX = 10_000;

/** GET /api/admin/posts/selection: the list's filters and sort (no page). */
export const AdminPostSelectionQuery = Type.Omit(AdminPostListQuery, ['page', 'limit']);
export type AdminPostSelectionQuery = Static<typeof AdminPostSelectionQuery>;

/** Each matching post's id and what undoing an action on it needs (its status and reason). */
export const AdminPostSelectionAnswer = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  posts: Type.Array(
    Type.Object({
      _id: Type.String(),
      status: PostStatus,
      rejectionReason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type AdminPostSelectionAnswer = Static<typeof AdminPostSelectionAnswer>;

/** GET /api/admin/posts/link-attention: the most viewed approved posts with links not working. */
export const LinkAttentionQuery = Type.Object({
  limit: QueryInteger({ minimum: 1, maximum: 50, default: 10 }),
});
export type LinkAttentionQuery = Static<typeof LinkAttentionQuery>;

export const LinkAttentionAnswer = Type.Object({
  posts: Type.Array(
    Type.Object({
      _id: Type.String(),
      title: Type.String(),
      celebrity: Type.String(),
      show: Type.String(),
      viewCount: Type.Integer(),
      totalLinks: Type.Integer(),
      brokenLinks: Type.Integer(),
      soldOutLinks: Type.Integer(),
    }),
  ),
});
export type LinkAttentionAnswer = Static<typeof LinkAttentionAnswer>;
