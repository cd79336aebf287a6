import {
  LinkCheckBacklogAnswer,
  LinkCheckNowAnswer,
  LinkCheckNowParams,
  LinkHealthHistoryAnswer,
  LinkHealthHistoryQuery,
  PostLinksParams,
  AdminErrorResponses,
} from '@celebstyle/contracts';
import { guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkLinkNow, checkPostNow } from '../../modules/on-demand-checks/check-now.service.ts';
import { readCheckBacklog } from '../../modules/scheduling/check-backlog.ts';
import { getHealthHistory } from '../../modules/history/link-health-history.service.ts';

const BASE = '/api/admin/link-validation';

/** Link health over time and "check now" for the Link Validation Results screen, admin-only (§6). */
const adminLinkHealthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.linkValidation;
  guardAdminRoutes(app, ctx.guards?.requireAdmin);

  app.get(
    `${BASE}/history`,
    {
      schema: {
        operationId: 'listLinkCheckHistory',
        summary: 'Link check history',
        querystring: LinkHealthHistoryQuery,
        response: { 200: LinkHealthHistoryAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => getHealthHistory(ctx.linkHealth.db, request.query.days),
  );

  app.get(
    `${BASE}/backlog`,
    {
      schema: {
        operationId: 'getLinkCheckBacklog',
        summary: "The link-check queue's backlog and the time of the last sweep",
        response: { 200: LinkCheckBacklogAnswer, ...AdminErrorResponses },
      },
    },
    async () => readCheckBacklog(ctx.backlog),
  );

  app.post(
    `${BASE}/links/:linkId/check`,
    {
      schema: {
        operationId: 'checkLinkNow',
        summary: 'Check one link now',
        params: LinkCheckNowParams,
        response: { 202: LinkCheckNowAnswer, ...AdminErrorResponses },
      },
    },
    async (request, reply) => reply.code(202).send(await checkLinkNow(ctx.linkHealth, request.params.linkId)),
  );

  app.post(
    `${BASE}/posts/:postId/check`,
    {
      schema: {
        operationId: 'checkPostLinksNow',
        summary: "Check a post's links now",
        params: PostLinksParams,
        response: { 202: LinkCheckNowAnswer, ...AdminErrorResponses },
      },
    },
    async (request, reply) => reply.code(202).send(await checkPostNow(ctx.linkHealth, request.params.postId)),
  );
};

export default adminLinkHealthRoutes;
