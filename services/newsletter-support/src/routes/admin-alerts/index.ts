import { AlertLinkWaitingAnswer, AlertStatsAnswer, Uuid, errorResponses } from '@celebstyle/contracts';
import { guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { alertStats, waitingOnLink } from '../../modules/alerts/alerts.repository.ts';

const errors = errorResponses(400, 401, 403, 503);

/** Shopper alerts for the admin Dashboard and the Link Validation details dialog. */
const adminAlertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  guardAdminRoutes(app, ctx.guards?.requireAdmin);

  app.get(
    '/api/admin/alerts/stats',
    {
      schema: {
        operationId: 'getAlertStats',
        summary: "Shopper alerts' counts: active, confirmed, sent in the last 7 days, unsubscribed",
        response: { 200: AlertStatsAnswer, ...errors },
      },
    },
    async () => ({ success: true, data: await alertStats(ctx.alerts.db, new Date()) }),
  );

  app.get(
    '/api/admin/alerts/links/:linkId',
    {
      schema: {
        operationId: 'countShoppersWaitingOnLink',
        summary: 'How many shoppers wait on a link (its active alerts)',
        params: Type.Object({ linkId: Uuid() }),
        response: { 200: AlertLinkWaitingAnswer, ...errors },
      },
    },
    async (request) => ({
      success: true,
      data: { waiting: await waitingOnLink(ctx.alerts.db, request.params.linkId, new Date()) },
    }),
  );
};

export default adminAlertRoutes;
