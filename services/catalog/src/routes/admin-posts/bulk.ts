import {
  BulkPostsAnswer,
  BulkPostsBody,
  BulkRejectBody,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { moderatePosts, rejectionReasonOf } from '../../modules/admin-posts/post-moderation.service.ts';
import type { PostModerationAction } from '@celebstyle/contracts';

/**
 * admin.md §7 Posts: bulk actions over 1 to 500 ids, one transaction, an outcome per id. Requeue
 * (back to pending) is the console's Undo of an approve or reject.
 */
const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.catalog;

  const operations = {
    approve: { operationId: 'bulkApprovePosts', summary: 'Approve up to 500 posts' },
    delete: { operationId: 'bulkDeletePosts', summary: 'Delete up to 500 posts' },
    hide: { operationId: 'bulkHidePosts', summary: 'Hide up to 500 posts' },
    unhide: { operationId: 'bulkUnhidePosts', summary: 'Unhide up to 500 posts' },
    requeue: { operationId: 'bulkRequeuePosts', summary: 'Put up to 500 posts back to pending' },
  };
  for (const action of [
    'approve',
    'delete',
    'hide',
    'unhide',
    'requeue',
  ] as const satisfies PostModerationAction[]) {
    app.post(
      `/api/admin/posts/bulk-${action}`,
      {
        schema: {
          ...operations[action],
          body: BulkPostsBody,
          response: { 200: BulkPostsAnswer, ...AdminWriteErrorResponses },
        },
      },
      async (request) =>
        moderatePosts(ctx, request.log, action, request.body.postIds, {
          actor: auditActorOf(request),
          bulk: true,
        }),
    );
  }

  app.post(
    '/api/admin/posts/bulk-reject',
    {
      schema: {
        operationId: 'bulkRejectPosts',
        summary: 'Reject up to 500 posts',
        body: BulkRejectBody,
        response: { 200: BulkPostsAnswer, ...AdminWriteErrorResponses },
      },
    },
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
