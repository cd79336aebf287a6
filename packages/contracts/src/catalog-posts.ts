import { Type, type Static } from '@sinclair/typebox';
import { PostPagination } from './pagination.ts';
import { PLATFORMS, POST_SORT_FIELDS, PublicPost } from './post.ts';
import { QueryInteger, QueryNumber, QueryPage } from './query-integer.ts';
import { IdParams } from './uuid.ts';

/** A string enum as JSON Schema `enum`, so a bad value is answered 'must be one of: a, b, c'. */
const StringEnum = <const T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/**
 * GET /api/posts: the Fashion listing's page, sort and filters, computed on the server (storefront.md
 * §2 Fashion listing, §4, §7).
 */
const NameList = Type.String({ minLength: 1, maxLength: 500, description: 'one name or a comma list' });

export const POST_LIST_DEFAULT_LIMIT = 20;
/** The longest search term any search route takes; the storefront cuts what visitors type to it. */
export const SEARCH_TERM_MAX_LENGTH = 200;

/** storefront.md §7: the listing asks for pages of 200 posts; nothing may ask for more. */
export const POST_LIST_MAX_LIMIT = 200;

/** A price bound in major units (numeric(12, 2) holds every price). */
const PriceBound = QueryNumber({ minimum: 0, maximum: 9_999_999_999 });

export const PostListQuery = Type.Object({
  page: QueryPage(),
  limit: QueryInteger({ minimum: 1, maximum: POST_LIST_MAX_LIMIT, default: POST_LIST_DEFAULT_LIMIT }),
  sort: StringEnum(POST_SORT_FIELDS, { default: 'createdAt' }),
  order: StringEnum(['asc', 'desc'] as const, { default: 'desc' }),
  show: Type.Optional(NameList),
  celebrity: Type.Optional(NameList),
  brand: Type.Optional(NameList),
  product: Type.Optional(NameList),
  platform: Type.Optional(StringEnum(PLATFORMS)),
  search: Type.Optional(Type.String({ maxLength: SEARCH_TERM_MAX_LENGTH })),
  filter: Type.Optional(StringEnum(['latest', 'top'] as const)),
  /**
   * Beyond the spec: the card's price (PostOffer) at least / at most this, in the price's own
   * currency; posts without a price are left out. minPrice above maxPrice is refused.
   */
  minPrice: Type.Optional(PriceBound),
  maxPrice: Type.Optional(PriceBound),
  /** storefront.md §2: a cache-buster the storefront may add; ignored. */
  t: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PostListQuery = Static<typeof PostListQuery>;

export const FacetCount = Type.Object({ name: Type.String(), count: Type.Integer() });
export type FacetCount = Static<typeof FacetCount>;

/** Counts under the current filters, so the filter sidebar needs no second download. */
export const PostFacets = Type.Object({
  shows: Type.Array(FacetCount),
  celebrities: Type.Array(FacetCount),
  brands: Type.Array(FacetCount),
  productTypes: Type.Array(FacetCount),
});
export type PostFacets = Static<typeof PostFacets>;

export const PostListWithFacetsAnswer = Type.Object({
  posts: Type.Array(PublicPost),
  pagination: PostPagination,
  facets: PostFacets,
});
export type PostListWithFacetsAnswer = Static<typeof PostListWithFacetsAnswer>;

/** GET /api/posts/top-picks and /api/posts/popular-posts (storefront.md §7: limit default 8). */
export const ShortListQuery = Type.Object({
  limit: QueryInteger({ minimum: 1, maximum: 100, default: 8 }),
});
export const PostsOnlyAnswer = Type.Object({ posts: Type.Array(PublicPost) });
export type PostsOnlyAnswer = Static<typeof PostsOnlyAnswer>;

export const PostIdParams = IdParams;
