import {
  AdminPost,
  AdminPostListAnswer,
  AdminPostListQuery,
  AdminPostUpdate,
  DeletedAnswer,
  PostIdParams,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, notFound } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminPostLists } from '../../modules/admin-posts/admin-post-list.service.ts';
import { findAdminPost } from '../../modules/admin-posts/admin-post.mapper.ts';
import { editPost } from '../../modules/admin-posts/post-edit.service.ts';
import { moderatePost } from '../../modules/admin-posts/post-moderation.service.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

/** admin.md §7 Posts: the list, and one post read, edited or deleted. */
const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.catalog;

  const lists = adminPostLists(ctx, app.log);
  const sendList = serializedAnswers();

  app.get(
    '/api/admin/posts',
    {
      schema: {
        operationId: 'listAdminPosts',
        summary: 'List posts of every status',
        querystring: AdminPostListQuery,
        response: { 200: AdminPostListAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request, reply) => sendList(reply, await lists.list(request.query)),
  );

  app.get(
    '/api/admin/posts/:id',
    {
      schema: {
        operationId: 'getAdminPost',
        summary: 'Read one post of any status',
        params: PostIdParams,
        response: { 200: AdminPost, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      const post = await findAdminPost(ctx.db, request.params.id);
      if (!post) throw notFound('Post not found');
      return post;
    },
  );

  app.put(
    '/api/admin/posts/:id',
    {
      schema: {
        operationId: 'updatePost',
        summary: 'Update a post',
        params: PostIdParams,
        body: AdminPostUpdate,
        response: { 200: AdminPost, ...AdminWriteErrorResponses },
      },
    },
    async (request) => editPost(ctx, request.log, request.params.id, request.body, auditActorOf(request)),
  );

  app.delete(
    '/api/admin/posts/:id',
    {
      schema: {
        operationId: 'deletePost',
        summary: 'Delete a post',
        params: PostIdParams,
        response: { 200: DeletedAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      await moderatePost(ctx, request.log, 'delete', request.params.id, { actor: auditActorOf(request) });
      return { deleted: true, _id: request.params.id };
    },
  );
};

export default postRoutes;
