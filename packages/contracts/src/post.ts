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
    /**
     * Beyond the spec: the offer link-validation's latest check named (README "Prices"): its stock
     * words (in_stock, out_of_stock, limited, preorder, …), price in major units and ISO 4217
     * currency, and the shop's name; null when unknown.
     */
    stockStatus: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    price: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    currency: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    retailer: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { $id: 'AffiliateLink' },
);
export type AffiliateLink = Static<typeof AffiliateLink>;

/**
 * Beyond the spec: a post's card offer (README "Prices"). `price`: the first link by position that
 * is active, buyable (stock words in BUYABLE_STOCK_STATUSES or unknown) and priced, with its price
 * and currency; `sold-out`: every link is known to be unbuyable (sold out, out of stock or gone);
 * null: unknown (links not checked yet, or no price named).
 */
export const PostOffer = Type.Union([
  Type.Object({
    kind: Type.Literal('price'),
    linkId: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
  }),
  Type.Object({ kind: Type.Literal('sold-out') }),
  Type.Null(),
]);
export type PostOffer = Static<typeof PostOffer>;

/** Stock words of link-validation that can be bought now or ordered (a link with none is unknown). */
export const BUYABLE_STOCK_STATUSES = ['in_stock', 'limited', 'preorder', 'backorder'] as const;

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
    /** Beyond the spec: what the post's card says about buying it (PostOffer). */
    offer: Type.Optional(PostOffer),
  },
  { $id: 'PublicPost' },
);
export type PublicPost = Static<typeof PublicPost>;

export const PostListAnswer = Type.Object({
  posts: Type.Array(PublicPost),
  pagination: PostPagination,
});
export type PostListAnswer = Static<typeof PostListAnswer>;

/** `price`: the card's price (PostOffer); posts without one come last in either order. */
export const POST_SORT_FIELDS = ['createdAt', 'updatedAt', 'viewCount', 'title', 'price'] as const;
export type PostSortField = (typeof POST_SORT_FIELDS)[number];
