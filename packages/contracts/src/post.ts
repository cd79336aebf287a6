import { Type, type Static } from '@sinclair/typebox';
import { PostPagination } from './pagination.ts';

export const Platform = Type.Union([Type.Literal('bigblondehair'), Type.Literal('wornontv')]);
export type Platform = Static<typeof Platform>;
export const PLATFORMS = ['bigblondehair', 'wornontv'] as const;

export const PostStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('hidden'),
]);
export type PostStatus = Static<typeof PostStatus>;
export const POST_STATUSES = ['pending', 'approved', 'rejected', 'hidden'] as const;

/** storefront.md §3 Affiliate link. */
export const AffiliateLink = Type.Object(
  {
    _id: Type.String(),
    text: Type.String(),
    url: Type.String(),
    realUrl: Type.Union([Type.String(), Type.Null()]),
    /**
     * Beyond the spec: link-validation's verdict on the link (link-health-and-routes.md §3 link status
     * values), null until it was checked. Public answers order links by it.
     */
    health: Type.Optional(
      Type.Union([
        Type.Literal('active'),
        Type.Literal('sold_out'),
        Type.Literal('404'),
        Type.Literal('invalid'),
        Type.Literal('server_error'),
        Type.Literal('redirect_error'),
        Type.Literal('access_denied'),
        Type.Literal('product_removed'),
        Type.Literal('unknown'),
        Type.Null(),
      ]),
    ),
  },
  { $id: 'AffiliateLink' },
);
export type AffiliateLink = Static<typeof AffiliateLink>;

/** storefront.md §3 Post / product, as public reads answer it. */
export const PublicPost = Type.Object(
  {
    _id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    mainImage: Type.Union([Type.String(), Type.Null()]),
    enhancedImage: Type.Union([Type.String(), Type.Null()]),
    additionalImages: Type.Array(Type.String()),
    url: Type.Union([Type.String(), Type.Null()]),
    affiliateLinks: Type.Array(AffiliateLink),
    categories: Type.Array(Type.String()),
    date: Type.Union([Type.String(), Type.Null()]),
    parsedDate: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    celebrity: Type.String(),
    show: Type.String(),
    brand: Type.String(),
    productType: Type.String(),
    platform: Platform,
    status: PostStatus,
    isTopPick: Type.Boolean(),
    viewCount: Type.Integer(),
  },
  { $id: 'PublicPost' },
);
export type PublicPost = Static<typeof PublicPost>;

export const PostListAnswer = Type.Object({
  posts: Type.Array(PublicPost),
  pagination: PostPagination,
});
export type PostListAnswer = Static<typeof PostListAnswer>;

export const POST_SORT_FIELDS = ['createdAt', 'updatedAt', 'viewCount', 'title'] as const;
export type PostSortField = (typeof POST_SORT_FIELDS)[number];
