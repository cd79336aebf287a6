import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PostPagination } from './pagination.ts';
import { PublicPost } from './post.ts';

/**
 * Catalog public reads for celebrities, shows, trending and search (storefront.md §3 and §7).
 * Field names are the spec's; the service's response schemas are built from these.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Pagination of non-post lists (shows, cast): the post list's shape with `totalItems`. */
export const ListPagination = Type.Object(
  {
    currentPage: Type.Integer(),
    totalPages: Type.Integer(),
    totalItems: Type.Integer(),
    hasNextPage: Type.Boolean(),
    hasPrevPage: Type.Boolean(),
  },
  { $id: 'ListPagination' },
);
export type ListPagination = Static<typeof ListPagination>;

// ---- Celebrity profile: GET /api/posts/celebrity/{slug}?page&limit (default 10) ----

/** storefront.md §3 Celebrity profile response, `celebrity` part. recentLooks = approved posts of the last 30 days. */
export const CelebrityProfile = Type.Object(
  {
    name: Type.String(),
    description: Nullable(Type.String()),
    profileImage: Nullable(Type.String()),
    shows: Type.Array(Type.String()),
    mainShow: Nullable(Type.String()),
    network: Nullable(Type.String()),
    location: Nullable(Type.String()),
    totalLooks: Type.Integer(),
    recentLooks: Type.Integer(),
    descriptionGenerated: Type.Boolean(),
    /** ISO date-time. */
    lastUpdated: Type.String(),
  },
  { $id: 'CelebrityProfile' },
);
export type CelebrityProfile = Static<typeof CelebrityProfile>;

export const CelebrityProfileAnswer = Type.Object({
  celebrity: CelebrityProfile,
  posts: Type.Array(PublicPost),
  pagination: PostPagination,
});
export type CelebrityProfileAnswer = Static<typeof CelebrityProfileAnswer>;

// ---- Shows ----

/** storefront.md §3 Show. postCount counts approved posts only. */
export const Show = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    searchTerm: Nullable(Type.String()),
    network: Nullable(Type.String()),
    originalImage: Nullable(Type.String()),
    mediumImage: Nullable(Type.String()),
    postCount: Type.Integer(),
    genres: Type.Array(Type.String()),
    summary: Nullable(Type.String()),
  },
  { $id: 'Show' },
);
export type Show = Static<typeof Show>;

/** GET /api/posts/shows?page&limit(20)&sort=postCount|name */
export const SHOW_LIST_SORTS = ['postCount', 'name'] as const;
export type ShowListSort = (typeof SHOW_LIST_SORTS)[number];
export const ShowListAnswer = Type.Object({
  shows: Type.Array(Show),
  pagination: ListPagination,
});
export type ShowListAnswer = Static<typeof ShowListAnswer>;

/**
 * GET /api/posts/show/{showName}?page&limit(12): the show's approved posts. `show` carries the page
 * header (storefront.md §2 Show page: image, network, summary, Total Looks, Recent Looks); its `_id`
 * is null when the show is known only from posts (no row in the shows table).
 */
export const ShowPageHeader = Type.Object({
  _id: Nullable(Type.String()),
  name: Type.String(),
  slug: Type.String(),
  network: Nullable(Type.String()),
  originalImage: Nullable(Type.String()),
  mediumImage: Nullable(Type.String()),
  genres: Type.Array(Type.String()),
  summary: Nullable(Type.String()),
  totalLooks: Type.Integer(),
  recentLooks: Type.Integer(),
});
export type ShowPageHeader = Static<typeof ShowPageHeader>;

export const ShowPostsAnswer = Type.Object({
  show: ShowPageHeader,
  posts: Type.Array(PublicPost),
  pagination: PostPagination,
});
export type ShowPostsAnswer = Static<typeof ShowPostsAnswer>;

/** storefront.md §3 Show cast member. GET /api/posts/shows/{id}/cast?page&limit → {cast, pagination}. */
export const CastMember = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  image: Type.Object({ original: Nullable(Type.String()), medium: Nullable(Type.String()) }),
});
export type CastMember = Static<typeof CastMember>;

export const ShowCastAnswer = Type.Object({
  cast: Type.Array(CastMember),
  pagination: ListPagination,
});
export type ShowCastAnswer = Static<typeof ShowCastAnswer>;

// GET /api/posts/shows/tvmaze-name/{name} answers one `Show` or 404.

// ---- Trending celebrities: GET /api/posts/trending-celebrities?limit (default 12) → TrendingCelebrity[] ----

/** storefront.md §3 Celebrity list item. */
export const TrendingCelebrity = Type.Object({
  name: Type.String(),
  count: Type.Integer(),
  imageUrl: Nullable(Type.String()),
});
export type TrendingCelebrity = Static<typeof TrendingCelebrity>;
export const TrendingCelebritiesAnswer = Type.Array(TrendingCelebrity);
export type TrendingCelebritiesAnswer = Static<typeof TrendingCelebritiesAnswer>;

// ---- Post search: GET /api/posts/search/{term}?page&limit → {posts, pagination} (PostListAnswer) ----

// ---- Global header search: GET /api/search?q&limit (default 12) — §7's composite search in one call ----

export const GlobalSearchPost = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  celebrity: Type.String(),
  show: Type.String(),
  /** enhancedImage when present, else mainImage (storefront.md §3). */
  image: Nullable(Type.String()),
});
export type GlobalSearchPost = Static<typeof GlobalSearchPost>;

export const GlobalSearchCelebrity = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  count: Type.Integer(),
  imageUrl: Nullable(Type.String()),
});
export type GlobalSearchCelebrity = Static<typeof GlobalSearchCelebrity>;

export const GlobalSearchShow = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  count: Type.Integer(),
  imageUrl: Nullable(Type.String()),
  network: Nullable(Type.String()),
});
export type GlobalSearchShow = Static<typeof GlobalSearchShow>;

/**
 * Groups in this order; together at most `limit` entries, split about 40% posts, 40% celebrities,
 * 30% shows (storefront.md §9) with empty slots filled from the other groups.
 */
export const GlobalSearchAnswer = Type.Object({
  query: Type.String(),
  posts: Type.Array(GlobalSearchPost),
  celebrities: Type.Array(GlobalSearchCelebrity),
  shows: Type.Array(GlobalSearchShow),
});
export type GlobalSearchAnswer = Static<typeof GlobalSearchAnswer>;

export const GLOBAL_SEARCH_DEFAULT_LIMIT = 12;
