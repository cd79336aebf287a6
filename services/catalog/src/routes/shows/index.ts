import {
  ErrorBody,
  IdParams,
  PageQuery,
  SHOW_LIST_SORTS,
  Show,
  ShowCastAnswer,
  ShowListAnswer,
  ShowPostsAnswer,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  castOfShow,
  listShows,
  showByTvmazeName,
  showPosts,
  type ShowsContext,
} from '../../modules/shows/shows.service.ts';
import { publicReads } from '../../modules/trending/public-reads.ts';
import { publicCacheHook } from '../../plugins/public-cache.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

const ShowNameParam = Type.String({ minLength: 1, maxLength: 200 });

/**
 * Show reads (storefront.md §7). The static segments 'show', 'shows' and
 * 'tvmaze-name' win over the posts plugin's parametric /api/posts/:id in Fastify's router.
 */
const showRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // README, Caching: Cache-Control with stale-while-revalidate, ETag and 304 on every answer here.
  app.addHook('onSend', publicCacheHook());
  const ctx: ShowsContext = publicReads(app.catalog, app.log);
  const sendShowPosts = serializedAnswers();
  const sendShows = serializedAnswers();

  app.get(
    '/api/posts/show/:showName',
    {
      schema: {
        operationId: 'getShowPosts',
        summary: "A show's page and posts",
        params: Type.Object({ showName: ShowNameParam }),
        querystring: PageQuery(12),
        response: { 200: ShowPostsAnswer, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      sendShowPosts(
        reply,
        await showPosts(ctx, request.params.showName, request.query.page, request.query.limit),
      ),
  );

  app.get(
    '/api/posts/shows',
    {
      schema: {
        operationId: 'listShows',
        summary: 'List shows',
        // storefront.md §7: default sort postCount, default limit 20; the client asks for up to 200.
        querystring: Type.Composite([
          PageQuery(20, 200),
          Type.Object({
            sort: Type.Union(
              SHOW_LIST_SORTS.map((s) => Type.Literal(s)),
              { default: 'postCount' },
            ),
          }),
        ]),
        response: { 200: ShowListAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) =>
      sendShows(reply, await listShows(ctx, request.query.page, request.query.limit, request.query.sort)),
  );

  app.get(
    '/api/posts/shows/:id/cast',
    {
      schema: {
        operationId: 'getShowCast',
        summary: "A show's cast",
        params: IdParams,
        querystring: PageQuery(50),
        response: { 200: ShowCastAnswer, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => castOfShow(ctx, request.params.id, request.query.page, request.query.limit),
  );

  app.get(
    '/api/posts/shows/tvmaze-name/:name',
    {
      schema: {
        operationId: 'getShowByTvmazeName',
        summary: 'Find a show by its TVmaze name',
        params: Type.Object({ name: ShowNameParam }),
        response: { 200: Show, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => showByTvmazeName(ctx, request.params.name),
  );
};

export default showRoutes;
