import {
  ErrorBody,
  GLOBAL_SEARCH_DEFAULT_LIMIT,
  GlobalSearchAnswer,
  PageQuery,
  QueryInteger,
  PostListAnswer,
  SEARCH_TERM_MAX_LENGTH,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { globalSearch } from '../../modules/search/global-search.service.ts';
import { searchPosts } from '../../modules/search/search.service.ts';
import { publicReads } from '../../modules/trending/public-reads.ts';
import { publicCacheHook } from '../../plugins/public-cache.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

const Term = Type.String({ minLength: 1, maxLength: SEARCH_TERM_MAX_LENGTH });

/** Post search and the header's global search (README, Post search and Global search). */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // README, Caching: Cache-Control with stale-while-revalidate, ETag and 304 on every answer here.
  app.addHook('onSend', publicCacheHook());
  const reads = publicReads(app.catalog, app.log);
  const sendPostSearch = serializedAnswers();
  const sendSearch = serializedAnswers();

  app.get(
    '/api/posts/search/:term',
    {
      schema: {
        operationId: 'searchPosts',
        summary: 'Search posts',
        params: Type.Object({ term: Term }),
        querystring: PageQuery(12),
        response: { 200: PostListAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) =>
      sendPostSearch(
        reply,
        await searchPosts(reads, request.params.term, request.query.page, request.query.limit),
      ),
  );

  app.get(
    '/api/search',
    {
      schema: {
        operationId: 'searchCatalog',
        summary: 'Search posts, celebrities and shows at once',
        querystring: Type.Object({
          q: Term,
          limit: QueryInteger({ minimum: 1, maximum: 50, default: GLOBAL_SEARCH_DEFAULT_LIMIT }),
        }),
        response: { 200: GlobalSearchAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) =>
      sendSearch(reply, await globalSearch(reads, request.query.q, request.query.limit)),
  );
};

export default searchRoutes;
