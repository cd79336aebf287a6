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
import { postsContext } from '../../modules/posts/posts-context.ts';
import { listPosts, readPublicPost, shortList } from '../../modules/posts/posts.service.ts';
import { publicCacheHook } from '../../plugins/public-cache.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

/** Public post reads (storefront.md §7; README, API). Approved posts only. */
const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = postsContext(app.catalog, app.log);
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
    async (request) => readPublicPost(ctx, request.params.id, request.log),
  );
};

export default postRoutes;
