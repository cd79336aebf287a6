import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './uuid.ts';
import { QueryInteger, QueryPage } from './query-integer.ts';
import { AffiliateLink, Platform, PostStatus } from './post.ts';
import { AdminListPagination } from './pagination.ts';

const Count = Type.Integer({ minimum: 0 });

/**
 * admin.md §3 Post statistics (GET /api/admin/posts/stats, the dashboard): every post whatever its
 * status; `today` counts posts created since midnight UTC.
 */
export const AdminPostStats = Type.Object({
  total: Count,
  byStatus: Type.Object({ pending: Count, approved: Count, rejected: Count, hidden: Count }),
  today: Count,
  byPlatform: Type.Object({ bigblondehair: Count, wornontv: Count }),
});
export type AdminPostStats = Static<typeof AdminPostStats>;

const Text = (maxLength: number) => Type.String({ maxLength });
const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** admin.md §3 Post, as the back office sees it: every status, with its rejection reason. */
export const AdminPost = Type.Object(
  {
    _id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    mainImage: Type.Union([Type.String(), Type.Null()]),
    enhancedImage: Type.Union([Type.String(), Type.Null()]),
    additionalImages: Type.Array(Type.String()),
    url: Type.Union([Type.String(), Type.Null()]),
    affiliateLinks: Type.Array(AffiliateLink),
    celebrity: Type.String(),
    show: Type.String(),
    brand: Type.String(),
    productType: Type.String(),
    platform: Platform,
    status: PostStatus,
    rejectionReason: Type.Union([Type.String(), Type.Null()]),
    isTopPick: Type.Boolean(),
    viewCount: Type.Integer(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'AdminPost' },
);
export type AdminPost = Static<typeof AdminPost>;

export const ADMIN_POST_SORT_FIELDS = ['createdAt', 'updatedAt', 'title', 'celebrity', 'viewCount'] as const;
export type AdminPostSortField = (typeof ADMIN_POST_SORT_FIELDS)[number];

/** admin.md §2 Post Management query parameters and §9 defaults (pending, createdAt desc, 1, 20). */
export const AdminPostListQuery = Type.Object({
  status: Type.Union([PostStatus, Type.Literal('all')], { default: 'pending' }),
  celebrity: Type.Optional(Text(200)),
  show: Type.Optional(Text(200)),
  brand: Type.Optional(Text(200)),
  productType: Type.Optional(Text(200)),
  platform: Type.Optional(Platform),
  search: Type.Optional(Text(200)),
  sortBy: Type.Union(
    ADMIN_POST_SORT_FIELDS.map((field) => Type.Literal(field)),
    { default: 'createdAt' },
  ),
  sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  page: QueryPage(),
  limit: QueryInteger({ minimum: 1, maximum: 100, default: 20 }),
});
export type AdminPostListQuery = Static<typeof AdminPostListQuery>;

/** admin.md §3 Post list pagination. */
export const AdminPostPagination = AdminListPagination('totalPosts', { $id: 'AdminPostPagination' });

export const AdminPostListAnswer = Type.Object({
  posts: Type.Array(AdminPost),
  pagination: AdminPostPagination,
});
export type AdminPostListAnswer = Static<typeof AdminPostListAnswer>;

/**
 * The url a link added in the Edit post form carries until it has an address (admin.md §2: a new
 * link gets a placeholder url; realUrl is optional). A link saved with neither keeps it: the admin
 * lists show it, the storefront never does.
 */
export const AFFILIATE_LINK_PLACEHOLDER_URL = '#';

/**
 * A link of PUT /api/admin/posts/{id} (admin.md §2 Edit post form): a known _id keeps the link, a
 * missing one or one starting with 'temp-' makes a new link; url may be the placeholder, then the
 * link's address is its realUrl, or none yet when realUrl is empty too.
 */
export const AdminPostLinkInput = Type.Object({
  _id: Type.Optional(Type.String({ maxLength: 100 })),
  text: Type.String({ maxLength: 500 }),
  url: Type.Optional(Type.String({ maxLength: 4000 })),
  realUrl: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
});
export type AdminPostLinkInput = Static<typeof AdminPostLinkInput>;

/** The editable fields (platform and status are not among them and are ignored if sent). */
export const AdminPostUpdate = Type.Object({
  title: Type.Optional(Text(500)),
  description: Type.Optional(Text(20_000)),
  celebrity: Type.Optional(Text(200)),
  show: Type.Optional(Text(200)),
  brand: Type.Optional(Text(200)),
  productType: Type.Optional(Text(200)),
  mainImage: Type.Optional(NullableText(4000)),
  enhancedImage: Type.Optional(NullableText(4000)),
  additionalImages: Type.Optional(Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 50 })),
  isTopPick: Type.Optional(Type.Boolean()),
  affiliateLinks: Type.Optional(Type.Array(AdminPostLinkInput, { maxItems: 100 })),
});
export type AdminPostUpdate = Static<typeof AdminPostUpdate>;

/** admin.md §5: a rejection needs a non-blank reason. */
export const RejectPostBody = Type.Object({ rejectionReason: Type.String({ maxLength: 2000 }) });
export type RejectPostBody = Static<typeof RejectPostBody>;

export const BULK_POST_LIMIT = 500;
const PostIds = Type.Array(Uuid(), {
  minItems: 1,
  maxItems: BULK_POST_LIMIT,
  uniqueItems: true,
});
export const BulkPostsBody = Type.Object({ postIds: PostIds });
export type BulkPostsBody = Static<typeof BulkPostsBody>;
export const BulkRejectBody = Type.Object({
  postIds: PostIds,
  rejectionReason: Type.String({ maxLength: 2000 }),
});
export type BulkRejectBody = Static<typeof BulkRejectBody>;

/** What a bulk action did to one id: done, skipped (with why), or not found. */
export const BulkPostOutcome = Type.Object({
  postId: Type.String(),
  outcome: Type.Union([Type.Literal('done'), Type.Literal('skipped'), Type.Literal('not_found')]),
  /** The post's status afterwards (null when it was deleted or not found). */
  status: Type.Union([PostStatus, Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
});
export type BulkPostOutcome = Static<typeof BulkPostOutcome>;

export const BulkPostsAnswer = Type.Object({
  done: Type.Integer(),
  skipped: Type.Integer(),
  notFound: Type.Integer(),
  results: Type.Array(BulkPostOutcome),
});
export type BulkPostsAnswer = Static<typeof BulkPostsAnswer>;

/** admin.md §3 Filter options, one list per call. */
export const CelebrityFilterList = Type.Object({ celebrities: Type.Array(Type.String()) });
export const ShowFilterList = Type.Object({ shows: Type.Array(Type.String()) });
export const BrandFilterList = Type.Object({ brands: Type.Array(Type.String()) });
export const ProductTypeFilterList = Type.Object({ productTypes: Type.Array(Type.String()) });
export const PlatformFilterList = Type.Object({ platforms: Type.Array(Type.String()) });
export type CelebrityFilterList = Static<typeof CelebrityFilterList>;
export type ShowFilterList = Static<typeof ShowFilterList>;
export type BrandFilterList = Static<typeof BrandFilterList>;
export type ProductTypeFilterList = Static<typeof ProductTypeFilterList>;
export type PlatformFilterList = Static<typeof PlatformFilterList>;

export const DeletedAnswer = Type.Object({ deleted: Type.Boolean(), _id: Type.String() });

/** POST /api/admin/posts/import: what the import did, with a reason per skipped row. */
export const PostImportAnswer = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  skipped: Type.Integer(),
  skippedRows: Type.Array(
    Type.Object({
      row: Type.Integer(),
      url: Type.Union([Type.String(), Type.Null()]),
      reason: Type.String(),
    }),
  ),
  celebritiesCreated: Type.Integer(),
  showsCreated: Type.Integer(),
});
export type PostImportAnswer = Static<typeof PostImportAnswer>;

/** admin.md §3 Share content (approved posts only). */
export const ShareContent = Type.Object({
  image: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  celebrity: Type.String(),
  show: Type.String(),
  caption: Type.String(),
  hashtags: Type.Array(Type.String()),
  postUrl: Type.String(),
  postId: Type.String(),
});
export type ShareContent = Static<typeof ShareContent>;

export const BulkShareContentAnswer = Type.Object({
  posts: Type.Array(ShareContent),
  skipped: Type.Array(Type.Object({ postId: Type.String(), reason: Type.String() })),
});
export type BulkShareContentAnswer = Static<typeof BulkShareContentAnswer>;

export const PublishToSocialBody = Type.Object({
  caption: Type.String({ maxLength: 2200 }),
  platforms: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
    minItems: 1,
    maxItems: 10,
    uniqueItems: true,
  }),
});
export type PublishToSocialBody = Static<typeof PublishToSocialBody>;

/** admin.md §2 Sharing: a publish result. postId is the social publishing service's post id. */
export const PublishResult = Type.Object({
  success: Type.Boolean(),
  status: Type.String(),
  message: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  postId: Type.Union([Type.String(), Type.Null()]),
});
export type PublishResult = Static<typeof PublishResult>;

/** A failed publish: the publish result, with the service-kit error fields alongside. */
export const PublishFailure = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  success: Type.Boolean(),
  status: Type.String(),
  message: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  postId: Type.Union([Type.String(), Type.Null()]),
});

/** GET /api/admin/posts/late-dev/status (beyond the spec, which does not show its answer). */
export const SocialPublishingStatus = Type.Object({
  configured: Type.Boolean(),
  connected: Type.Boolean(),
  message: Type.String(),
  accounts: Type.Array(
    Type.Object({
      platform: Type.String(),
      accountId: Type.String(),
      username: Type.Union([Type.String(), Type.Null()]),
      isActive: Type.Boolean(),
      /** Whether this account is one the catalog publishes to (LATE_ACCOUNT_IDS). */
      configured: Type.Boolean(),
    }),
  ),
});
export type SocialPublishingStatus = Static<typeof SocialPublishingStatus>;
