import { ErrorBody, SupportCreateAnswer, SupportCreateBody } from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createSupportRequest } from '../../modules/support/support.service.ts';
import type { RouteDeps } from '../deps.ts';

/** storefront.md §7 POST /support. */
const supportRoutes: FastifyPluginAsyncTypebox<{ deps: RouteDeps }> = async (app, { deps }) => {
  app.post(
    '/api/support',
    {
      bodyLimit: 64 * 1024,
      config: { rateLimit: deps.limits.support },
      schema: {
        body: SupportCreateBody,
        response: { 200: SupportCreateAnswer, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => createSupportRequest(deps.support, request.body),
  );
};

export default supportRoutes;
