import {
  AdminPostSelectionAnswer,
  AdminPostSelectionQuery,
  LinkAttentionAnswer,
  LinkAttentionQuery,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { selectMatchingPosts } from '../../modules/admin-posts/admin-post-list.service.ts';
import { linksNeedingAttention } from '../../modules/admin-posts/link-attention.repository.ts';

/** Reads for the console's review queue and Dashboard (admin-web README, Posts and Dashboard). */
const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.catalog;

  app.get(
    '/api/admin/posts/selection',
    {
      schema: {
        operationId: 'selectMatchingPosts',
        summary: "The ids and statuses of the posts matching the list's filters (select all N matching)",
        querystring: AdminPostSelectionQuery,
        response: { 200: AdminPostSelectionAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => selectMatchingPosts(ctx.db, request.query),
  );

  app.get(
    '/api/admin/posts/link-attention',
    {
      schema: {
        operationId: 'listLinksNeedingAttention',
        summary: 'The most viewed posts with a link needing attention',
        querystring: LinkAttentionQuery,
        response: { 200: LinkAttentionAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => ({ posts: await linksNeedingAttention(ctx.db, request.query.limit) }),
  );
};

export default reviewRoutes;
