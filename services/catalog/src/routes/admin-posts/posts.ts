import {
  type AdminPostListQuery as AdminPostListQueryType,
  AdminPost,
  AdminPostListAnswer,
  AdminPostListQuery,
  AdminPostUpdate,
  DeletedAnswer,
  PostIdParams,
  pageFacts,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, notFound } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAdminPost } from '../../modules/admin-posts/admin-post.mapper.ts';
import {
  adminPostPage,
  countAdminPosts,
  filterKey,
  searchWalksSortIndex,
} from '../../modules/admin-posts/admin-post-list.repository.ts';
import { editPost } from '../../modules/admin-posts/post-edit.service.ts';
import { moderatePost } from '../../modules/admin-posts/post-moderation.service.ts';
import { inputCacheName, redisAggregateCache } from '../../lib/aggregate-cache.ts';
import { serializedAnswers } from '../../plugins/serialized-answer.ts';

/** admin.md §7 Posts: the list, and one post read, edited or deleted. */
const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.catalog;

  // Whole list answers are kept per data version (every post write bumps it, so an admin sees their
  // own change on the next read): the back office list stays fast at 200,000 posts under load.
  const listCache = redisAggregateCache({
    redis: ctx.redis,
    keys: ctx.keys,
    refreshAfterSeconds: 10,
    ttlSeconds: 60,
    // An answer is 30 to 36 KB of JSON at 20 posts. With the default 16 MB, a round of more than
    // about 450 lists in a minute (the benchmark's 700 combinations) evicted each answer before it
    // was asked again, so every read parsed, serialized and compressed its answer anew.
    memoryBytes: 48 * 1024 * 1024,
    onError: (error) => app.log.warn({ err: error }, 'admin list cache unavailable'),
  });
  // A count changes only with a write, and every write bumps the data version, which retires it: no
  // refresh within a version (the pages refresh for their view counts, the counts need not), so the
  // filter sets in use are not counted again every 10 s.
  const countCache = redisAggregateCache({
    redis: ctx.redis,
    keys: ctx.keys,
    refreshAfterSeconds: 600,
    ttlSeconds: 600,
    onError: (error) => app.log.warn({ err: error }, 'admin list count cache unavailable'),
  });
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
    async (request, reply) => {
      const query = request.query;
      const key = inputCacheName('admin-posts', JSON.stringify(Object.entries(query).sort()));
      return sendList(reply, await listCache.get(key, () => listPage(query)));
    },
  );

  const countOf = (query: AdminPostListQueryType) =>
    countCache.get(inputCacheName('admin-posts-count', filterKey(query)), () =>
      countAdminPosts(ctx.db, query),
    );

  async function listPage(query: AdminPostListQueryType) {
    // The count depends on the filters only: paging or re-sorting a list does not count again.
    let posts;
    let total: number;
    if (query.search?.trim()) {
      // A searched page's plan depends on how many posts match (searchWalksSortIndex); both counts
      // are cached per data version, so a list pays for them once, not per page or sort.
      const [matches, postsOfStatus] = await Promise.all([
        countOf(query),
        countOf({
          status: query.status,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          page: 1,
          limit: query.limit,
        }),
      ]);
      total = matches;
      posts = await adminPostPage(ctx.db, query, {
        walkSortIndex: searchWalksSortIndex(query, matches, postsOfStatus),
      });
    } else {
      [posts, total] = await Promise.all([adminPostPage(ctx.db, query), countOf(query)]);
    }
    return {
      posts,
      pagination: { totalPosts: total, limit: query.limit, ...pageFacts(query.page, query.limit, total) },
    };
  }

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
