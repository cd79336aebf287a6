import { ErrorBody, SupportCreateAnswer, SupportCreateBody } from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createSupportRequest } from '../../modules/support/support.service.ts';

/** storefront.md §7 POST /support. */
const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  app.post(
    '/api/support',
    {
      config: { rateLimit: ctx.limits.support },
      schema: {
        operationId: 'createSupportMessage',
        summary: 'Send a message to support',
        body: SupportCreateBody,
        response: { 200: SupportCreateAnswer, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => createSupportRequest(ctx.support, request.body),
  );
};

export default supportRoutes;
