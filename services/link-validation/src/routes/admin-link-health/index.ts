import {
  ErrorBody,
  LinkCheckNowAnswer,
  LinkCheckNowParams,
  LinkHealthHistoryAnswer,
  LinkHealthHistoryQuery,
  PostLinksParams,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkLinkNow, checkPostNow } from '../../modules/check-now/check-now.service.ts';
import { getHealthHistory } from '../../modules/history/link-health-history.service.ts';
import type { RouteDeps } from '../deps.ts';

const BASE = '/api/admin/link-validation';
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };

/** Link health over time and "check now" for the Link Validation Results screen, admin-only (§6). */
const adminLinkHealthRoutes: FastifyPluginAsyncTypebox<{ deps: RouteDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', deps.guards.requireAdmin);

  app.get(
    `${BASE}/history`,
    {
      schema: {
        querystring: LinkHealthHistoryQuery,
        response: { 200: LinkHealthHistoryAnswer, ...errors },
      },
    },
    async (request) => getHealthHistory(deps.linkHealth.db, request.query.days),
  );

  app.post(
    `${BASE}/links/:linkId/check`,
    { schema: { params: LinkCheckNowParams, response: { 202: LinkCheckNowAnswer, ...errors } } },
    async (request, reply) =>
      reply.code(202).send(await checkLinkNow(deps.linkHealth, request.params.linkId)),
  );

  app.post(
    `${BASE}/posts/:postId/check`,
    { schema: { params: PostLinksParams, response: { 202: LinkCheckNowAnswer, ...errors } } },
    async (request, reply) =>
      reply.code(202).send(await checkPostNow(deps.linkHealth, request.params.postId)),
  );
};

export default adminLinkHealthRoutes;
