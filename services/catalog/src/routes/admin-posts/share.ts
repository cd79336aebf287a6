import {
  BulkPostsBody,
  BulkShareContentAnswer,
  PostIdParams,
  PublishFailure,
  PublishResult,
  PublishToSocialBody,
  ShareContent,
  SocialPublishingStatus,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bulkShareContent, publishPost, shareContent } from '../../modules/sharing/share.service.ts';
import { PublishFailedError } from '../../modules/sharing/social-publisher.ts';

/** admin.md §2 Sharing, §7 Posts: share content, bulk share content, publishing, its status. */
const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, sharing } = app.catalog;
  const { siteUrl, publisher } = sharing;

  app.get(
    '/api/admin/posts/:id/share-content',
    {
      schema: {
        operationId: 'getPostShareContent',
        summary: 'Share content of an approved post',
        params: PostIdParams,
        response: { 200: ShareContent, ...AdminWriteErrorResponses },
      },
    },
    async (request) => shareContent(db, siteUrl, request.params.id),
  );

  app.post(
    '/api/admin/posts/bulk-share-content',
    {
      schema: {
        operationId: 'getBulkShareContent',
        summary: 'Share content of up to 500 approved posts',
        body: BulkPostsBody,
        response: { 200: BulkShareContentAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => bulkShareContent(db, siteUrl, request.body.postIds),
  );

  app.post(
    '/api/admin/posts/:id/publish-to-social',
    {
      schema: {
        operationId: 'publishPostToSocial',
        summary: 'Publish a post to social networks',
        params: PostIdParams,
        body: PublishToSocialBody,
        response: { 200: PublishResult, 502: PublishFailure, ...AdminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      try {
        return await publishPost(db, sharing, request.params.id, request.body);
      } catch (error) {
        if (!(error instanceof PublishFailedError)) throw error;
        request.log.warn({ err: error, reason: error.result.error }, 'social publishing failed');
        return reply.status(502).send({ statusCode: 502, code: error.code, ...error.result });
      }
    },
  );

  app.get(
    '/api/admin/posts/late-dev/status',
    {
      schema: {
        operationId: 'getSocialPublishingStatus',
        summary: 'Whether social publishing is set up',
        response: { 200: SocialPublishingStatus, ...AdminWriteErrorResponses },
      },
    },
    async () => publisher.status(),
  );
};

export default shareRoutes;
