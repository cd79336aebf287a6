import {
  CelebrityProfileAnswer,
  ErrorBody,
  PageQuery,
  QueryInteger,
  TrendingCelebritiesAnswer,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { celebrityProfile } from '../../modules/celebrities/celebrities.service.ts';
import { publicReads } from '../../modules/trending/public-reads.ts';
import { trendingCelebrities } from '../../modules/trending/trending.service.ts';
import { publicCacheHook } from '../../plugins/public-cache.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

/** Celebrity profile and trending celebrities (storefront.md §7 reads). */
const celebrityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // README, Caching: Cache-Control with stale-while-revalidate, ETag and 304 on every answer here.
  app.addHook('onSend', publicCacheHook());
  const reads = publicReads(app.catalog, app.log);
  const sendProfile = serializedAnswers();
  const sendTrending = serializedAnswers();

  app.get(
    '/api/posts/celebrity/:slug',
    {
      schema: {
        operationId: 'getCelebrityProfile',
        summary: "A celebrity's profile and posts",
        params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) }),
        // storefront.md §7: limit default 10 (the profile page asks for 8, then 16).
        querystring: PageQuery(10),
        response: { 200: CelebrityProfileAnswer, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      return sendProfile(reply, await celebrityProfile(reads, request.params.slug, page, limit));
    },
  );

  app.get(
    '/api/posts/trending-celebrities',
    {
      schema: {
        operationId: 'listTrendingCelebrities',
        summary: 'Trending celebrities',
        // storefront.md §9: 12 trending celebs; §7: global search asks for 200.
        querystring: Type.Object({ limit: QueryInteger({ minimum: 1, maximum: 200, default: 12 }) }),
        response: { 200: TrendingCelebritiesAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) =>
      sendTrending(reply, await trendingCelebrities(reads.directories, request.query.limit)),
  );
};

export default celebrityRoutes;
