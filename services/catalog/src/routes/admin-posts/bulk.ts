import { BulkPostsAnswer, BulkPostsBody, BulkRejectBody } from '@celebstyle/contracts';
import { auditActorOf } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { moderatePosts, rejectionReasonOf } from '../../modules/admin-posts/post-moderation.service.ts';
import type { ModerationAction } from '../../modules/admin-posts/post-moderation.rules.ts';
import { adminErrors } from './errors.ts';

/**
 * admin.md §7 Posts: bulk actions over 1 to 500 ids, one transaction, an outcome per id. Requeue
 * (back to pending) is the console's Undo of an approve or reject.
 */
const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.catalog;

  for (const action of [
    'approve',
    'delete',
    'hide',
    'unhide',
    'requeue',
  ] as const satisfies ModerationAction[]) {
    app.post(
      `/api/admin/posts/bulk-${action}`,
      { schema: { body: BulkPostsBody, response: { 200: BulkPostsAnswer, ...adminErrors } } },
      async (request) =>
        moderatePosts(ctx, request.log, action, request.body.postIds, {
          actor: auditActorOf(request),
          bulk: true,
        }),
    );
  }

  app.post(
    '/api/admin/posts/bulk-reject',
    { schema: { body: BulkRejectBody, response: { 200: BulkPostsAnswer, ...adminErrors } } },
    async (request) => {
      const reason = rejectionReasonOf(request.body.rejectionReason);
      return moderatePosts(ctx, request.log, 'reject', request.body.postIds, {
        actor: auditActorOf(request),
        rejectionReason: reason,
        bulk: true,
      });
    },
  );
};

export default bulkRoutes;
