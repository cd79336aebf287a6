import { AlertTargetAnswer, ErrorBody, LinkValidationText, Uuid } from '@celebstyle/contracts';
import { notFound } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { findAlertTarget } from '../../modules/alert-targets/alert-targets.repository.ts';

/**
 * Service to service (docs/design.md, How services talk): newsletter-support's shopper alerts read
 * a look's links here when a shopper subscribes. Under /internal/, which the gateway never routes.
 */
const internalAlertTargetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.linkValidation;
  app.get(
    '/internal/alert-targets/:postId',
    {
      schema: {
        operationId: 'getAlertTargets',
        summary: "A look's links and current offers, for newsletter-support's alerts (service to service)",
        params: Type.Object({ postId: Uuid() }),
        response: { 200: AlertTargetAnswer, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const target = await findAlertTarget(ctx.rules.db, request.params.postId);
      if (!target) throw notFound(LinkValidationText.postNotFound);
      void reply.header('cache-control', 'no-store');
      return target;
    },
  );
};

export default internalAlertTargetRoutes;
