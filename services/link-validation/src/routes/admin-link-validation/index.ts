import {
  LinkStatusChangeAnswer,
  LinkStatusChangeBody,
  LinkValidationExportBody,
  LinkValidationResultsAnswer,
  LinkValidationResultsQuery,
  LinkValidationStats,
  PostLinkDetails,
  PostLinksParams,
  AdminErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeLinkStatus } from '../../modules/link-status/link-status.service.ts';
import { exportResults, getPostLinks, getResults, getStats } from '../../modules/results/results.service.ts';

const BASE = '/api/admin/link-validation';

/** link-health-and-routes.md §2.2, §2.3, §7: link validation results, admin-only (§6). */
const adminLinkValidationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.linkValidation;
  guardAdminRoutes(app, ctx.guards?.requireAdmin);

  app.get(
    `${BASE}/results`,
    {
      schema: {
        operationId: 'listLinkResults',
        summary: 'List link check results',
        querystring: LinkValidationResultsQuery,
        response: { 200: LinkValidationResultsAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => getResults(ctx.results, request.query),
  );

  app.get(
    `${BASE}/stats`,
    {
      schema: {
        operationId: 'getLinkValidationStats',
        summary: 'Count links by health',
        response: { 200: LinkValidationStats, ...AdminErrorResponses },
      },
    },
    async () => getStats(ctx.results),
  );

  app.post(
    `${BASE}/export`,
    {
      schema: {
        operationId: 'exportLinkResults',
        summary: 'Export link check results as CSV',
        body: LinkValidationExportBody,
        response: {
          200: {
            description:
              'The matching links as a CSV attachment (link-validation-YYYY-MM-DD.csv). X-Export-Cut-At: the row count the file was cut at, present when more links match than it holds.',
            headers: {
              'x-export-cut-at': {
                type: 'integer',
                description: 'Rows in the file, when more links match',
              },
            },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...AdminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv, cutAt } = await exportResults(ctx.results, request.body);
      if (cutAt !== null) reply.header('x-export-cut-at', String(cutAt));
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as is (Fastify serializes only objects); the 200 schema documents it.
          .send(csv as never)
      );
    },
  );

  app.put(
    `${BASE}/link-status`,
    {
      schema: {
        operationId: 'setLinkStatus',
        summary: "Set a link's status by hand",
        body: LinkStatusChangeBody,
        response: { 200: LinkStatusChangeAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => changeLinkStatus(ctx.results, request.body, auditActorOf(request)),
  );

  app.get(
    `${BASE}/posts/:postId/links`,
    {
      schema: {
        operationId: 'listPostLinkHealth',
        summary: "A post's links with their health",
        params: PostLinksParams,
        response: { 200: PostLinkDetails, ...AdminErrorResponses },
      },
    },
    async (request) => getPostLinks(ctx.results, request.params.postId),
  );
};

export default adminLinkValidationRoutes;
