import {
  AdminPostSelectionAnswer,
  AdminPostSelectionQuery,
  LinkAttentionAnswer,
  LinkAttentionQuery,
  POST_SELECTION_MAX,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { countAdminPosts, matchingPosts } from '../../modules/admin-posts/admin-post-list.repository.ts';
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
    async (request) => {
      const query = request.query;
      const [total, rows] = await Promise.all([
        countAdminPosts(ctx.db, { ...query, page: 1, limit: 1 }),
        matchingPosts(ctx.db, query, POST_SELECTION_MAX),
      ]);
      return {
        total,
        posts: rows.map((row) => ({
          _id: row.id,
          status: row.status,
          rejectionReason: row.rejection_reason,
        })),
      };
    },
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
