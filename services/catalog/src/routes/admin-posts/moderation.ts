import { AdminPost, PostIdParams, RejectPostBody, AdminWriteErrorResponses } from '@celebstyle/contracts';
import { auditActorOf } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAdminPost } from '../../modules/admin-posts/admin-post.mapper.ts';
import { moderatePost, rejectionReasonOf } from '../../modules/admin-posts/post-moderation.service.ts';
import type { PostModerationAction } from '@celebstyle/contracts';

/** admin.md §7 Posts: approve, reject, hide, unhide one post; each answers the post as it now is. */
const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.catalog;
  const answer = async (id: string) => (await findAdminPost(ctx.db, id))!;

  const operations = {
    approve: { operationId: 'approvePost', summary: 'Approve a post' },
    hide: { operationId: 'hidePost', summary: 'Hide a post' },
    unhide: { operationId: 'unhidePost', summary: 'Unhide a post' },
  };
  for (const action of ['approve', 'hide', 'unhide'] as const satisfies PostModerationAction[]) {
    app.put(
      `/api/admin/posts/:id/${action}`,
      {
        schema: {
          ...operations[action],
          params: PostIdParams,
          response: { 200: AdminPost, ...AdminWriteErrorResponses },
        },
      },
      async (request) => {
        await moderatePost(ctx, request.log, action, request.params.id, { actor: auditActorOf(request) });
        return answer(request.params.id);
      },
    );
  }

  app.put(
    '/api/admin/posts/:id/reject',
    {
      schema: {
        operationId: 'rejectPost',
        summary: 'Reject a post, with a reason',
        params: PostIdParams,
        body: RejectPostBody,
        response: { 200: AdminPost, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      const reason = rejectionReasonOf(request.body.rejectionReason);
      await moderatePost(ctx, request.log, 'reject', request.params.id, {
        actor: auditActorOf(request),
        rejectionReason: reason,
      });
      return answer(request.params.id);
    },
  );
};

export default moderationRoutes;
