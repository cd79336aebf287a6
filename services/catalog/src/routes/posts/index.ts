import {
  ErrorBody,
  PostIdParams,
  PostListQuery,
  PostListWithFacetsAnswer,
  PostsOnlyAnswer,
  PublicPost,
  ShortListQuery,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPublicPost, listPosts, shortList } from '../../modules/posts/posts.service.ts';
import { recordView } from '../../modules/posts/view-counter.ts';
import { redisAggregateCache } from '../../lib/aggregate-cache.ts';
import { publicReads } from '../../modules/trending/public-reads.ts';
import { publicCacheHook } from '../../plugins/public-cache.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

// Listing pages: answered from the cache, refreshed in the background after 10 s, gone after 60 s.
const PAGE_REFRESH_AFTER_SECONDS = 10;
const PAGE_TTL_SECONDS = 60;

/** Public post reads (storefront.md §7; README, API). Approved posts only. */
const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, redis, keys } = app.catalog;
  const reads = publicReads(app.catalog, (error) =>
    app.log.warn({ err: error }, 'aggregate cache unavailable'),
  );
  const pageCache = redisAggregateCache({
    redis,
    keys,
    refreshAfterSeconds: PAGE_REFRESH_AFTER_SECONDS,
    ttlSeconds: PAGE_TTL_SECONDS,
    tracksPosts: true,
    onError: (error) => app.log.warn({ err: error }, 'page cache unavailable'),
  });
  const deepPageCache = redisAggregateCache({
    redis,
    keys,
    refreshAfterSeconds: PAGE_REFRESH_AFTER_SECONDS,
    ttlSeconds: PAGE_TTL_SECONDS,
    memoryOnly: true,
    tracksPosts: true,
    onError: (error) => app.log.warn({ err: error }, 'page cache unavailable'),
  });
  const ctx = {
    db,
    redis,
    keys,
    cache: reads.cache,
    pageCache,
    deepPageCache,
    directories: reads.directories,
  };
  const listCache = publicCacheHook();
  const sendListing = serializedAnswers();
  const sendTopPicks = serializedAnswers();
  const sendPopular = serializedAnswers();

  app.get(
    '/api/posts',
    {
      onSend: listCache,
      schema: {
        operationId: 'listPosts',
        summary: 'List approved posts',
        querystring: PostListQuery,
        response: { 200: PostListWithFacetsAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) => sendListing(reply, await listPosts(ctx, request.query)),
  );

  app.get(
    '/api/posts/top-picks',
    {
      onSend: listCache,
      schema: {
        operationId: 'listTopPicks',
        summary: 'Top picks',
        querystring: ShortListQuery,
        response: { 200: PostsOnlyAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) => sendTopPicks(reply, await shortList(ctx, 'top-picks', request.query.limit)),
  );

  app.get(
    '/api/posts/popular-posts',
    {
      onSend: listCache,
      schema: {
        operationId: 'listPopularPosts',
        summary: 'Most viewed posts',
        querystring: ShortListQuery,
        response: { 200: PostsOnlyAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) => sendPopular(reply, await shortList(ctx, 'popular', request.query.limit)),
  );

  app.get(
    '/api/posts/:id',
    {
      // max-age 0: every view reaches the service (and is counted); If-None-Match still saves the body.
      onSend: publicCacheHook({ maxAgeSeconds: 0, staleWhileRevalidateSeconds: 60 }),
      schema: {
        operationId: 'getPost',
        summary: 'Read an approved post',
        params: PostIdParams,
        response: { 200: PublicPost, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const post = await getPublicPost(db, request.params.id);
      // A view is counted in Redis only, without waiting for it: losing Redis must not fail or slow
      // the read (the producer connection fails fast instead of queueing).
      void recordView(redis, keys, post._id).catch((error: unknown) =>
        request.log.warn({ err: error }, 'view not counted'),
      );
      return post;
    },
  );
};

export default postRoutes;
