import {
  ErrorCode,
  type PostListQuery,
  type PostListWithFacetsAnswer,
  type PublicPost,
} from '@celebstyle/contracts';
import { badRequest, notFound, type Log } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { AggregateCache } from '../../lib/aggregate-cache.ts';
import { pageOffset, postPagination } from '../../lib/pagination.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';
import { loadPublicPostPage, loadPublicPosts } from '../public-posts/public-posts.repository.ts';
import { filterCacheKey, resolvePostFilters, type NameDirectories } from './post-filters.ts';
import {
  countAndFacets,
  listingAnchors,
  pageOrder,
  pagePostIdsQuery,
  shortListIds,
  type Anchor,
} from './posts.repository.ts';
import { recordView } from './view-counter.ts';

/** Rows between two cached keyset anchors: a deep page skips fewer than this many index entries. */
export const ANCHOR_STEP = 500;

/**
 * The first pages of a listing (home, Fashion listing, show sections, a search typed in the
 * listing) are most of the traffic: their whole answers are cached briefly in Redis and in each
 * process (60 s at most). Deeper pages are cached in the process's memory only (bounded in bytes,
 * so no caller can fill Redis with them); pages bigger than HOT_LIMIT_MAX are always computed.
 */
export const HOT_PAGE_MAX = 5;
export const HOT_LIMIT_MAX = 50;

export interface PostsContext {
  db: Kysely<Database>;
  redis: Redis;
  keys: CatalogKeys;
  /** Aggregates (facets, totals, anchors), per data version. */
  cache: AggregateCache;
  /** Whole answers of hot pages: short-lived, per data version. */
  pageCache: AggregateCache;
  /** Whole answers of deeper pages: the same, in this process's memory only. */
  deepPageCache: AggregateCache;
  directories: NameDirectories;
}

/** GET /api/posts: the Fashion listing's filters and deep pages (README, API). */
export async function listPosts(ctx: PostsContext, query: PostListQuery): Promise<PostListWithFacetsAnswer> {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
    throw badRequest(
      'querystring.minPrice must not be greater than querystring.maxPrice',
      ErrorCode.validation,
    );
  const { t: _cacheBuster, ...rest } = query;
  if (query.limit <= HOT_LIMIT_MAX) {
    const key = createHash('sha1')
      .update(JSON.stringify(rest, Object.keys(rest).sort()))
      .digest('base64url');
    const prices = await pricesTag(ctx, query);
    const pages = query.page <= HOT_PAGE_MAX ? ctx.pageCache : ctx.deepPageCache;
    return pages.get(`posts-page:${key}${prices}`, () => computeListing(ctx, query));
  }
  return computeListing(ctx, query);
}

async function computeListing(ctx: PostsContext, query: PostListQuery): Promise<PostListWithFacetsAnswer> {
  const filters = await resolvePostFilters(query, ctx.directories);
  // Which posts a price filter or sort holds moves with link health, not with the data version.
  const prices = await pricesTag(ctx, query);
  const filterKey = createHash('sha1').update(filterCacheKey(filters)).digest('base64url') + prices;
  // The total and the facets cost a scan under broad filters: cached per data version. Free-text
  // searches make unbounded key spaces, so theirs live in the short-lived cache only.
  const aggregates = filters.search ? ctx.pageCache : ctx.cache;
  const { total, facets } = await aggregates.get(`posts-facets:${filterKey}`, () =>
    countAndFacets(ctx.db, filters),
  );
  const offset = pageOffset(query.page, query.limit);
  let posts: PublicPost[] = [];
  const readPage = (skip: number, anchor: Anchor | null) =>
    loadPublicPostPage(
      ctx.db,
      pagePostIdsQuery(ctx.db, filters, query.sort, query.order, skip, query.limit, anchor),
      pageOrder(query.sort, query.order),
    );
  if (offset < total) {
    if (offset < ANCHOR_STEP) {
      posts = await readPage(offset, null);
    } else {
      // View counts move with every flush, so their anchors are also keyed by the views version.
      const viewsTag =
        query.sort === 'viewCount' ? `:views${await versionOf(ctx, ctx.keys.viewsVersion)}` : '';
      const anchors = await aggregates.get<Anchor[]>(
        `posts-anchors:${query.sort}:${query.order}:${filterKey}${viewsTag}`,
        () => listingAnchors(ctx.db, filters, query.sort, query.order, ANCHOR_STEP),
      );
      const index = Math.floor(offset / ANCHOR_STEP);
      const anchor = anchors[index];
      if (anchor) {
        posts = await readPage(offset - index * ANCHOR_STEP, anchor);
      }
    }
  }
  return {
    posts,
    pagination: postPagination(query.page, query.limit, total),
    facets,
  };
}

/** The prices version for a listing that filters or sorts by price; '' for any other. */
async function pricesTag(ctx: PostsContext, query: PostListQuery): Promise<string> {
  if (query.sort !== 'price' && query.minPrice === undefined && query.maxPrice === undefined) return '';
  return `:prices${await versionOf(ctx, ctx.keys.pricesVersion)}`;
}

/** A version counter ('0' before its first bump, and while Redis cannot be read). */
async function versionOf(ctx: PostsContext, key: string): Promise<string> {
  return (await ctx.redis.get(key).catch(() => null)) ?? '0';
}

/**
 * GET /api/posts/{id}: an approved post, or 404 (storefront.md §8 'Product not found'). The view is
 * counted in Redis only, without waiting for it: losing Redis must not fail or slow the read (the
 * producer connection fails fast instead of queueing).
 */
export async function readPublicPost(
  ctx: Pick<PostsContext, 'db' | 'redis' | 'keys'>,
  id: string,
  log: Log,
): Promise<PublicPost> {
  // loadPublicPosts keeps approved posts only.
  const [post] = await loadPublicPosts(ctx.db, [id]);
  if (!post) throw notFound('Post not found');
  void recordView(ctx.redis, ctx.keys, post._id).catch((error: unknown) =>
    log.warn({ err: error }, 'view not counted'),
  );
  return post;
}

/** Top picks and popular posts (home carousels): small, hot, cached like the first listing pages. */
export async function shortList(
  ctx: Pick<PostsContext, 'db' | 'pageCache'>,
  kind: 'top-picks' | 'popular',
  limit: number,
): Promise<{ posts: PublicPost[] }> {
  return ctx.pageCache.get(`posts-${kind}:${limit}`, async () => ({
    posts: await loadPublicPosts(ctx.db, await shortListIds(ctx.db, kind, limit)),
  }));
}
