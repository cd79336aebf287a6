import {
  AdminShow,
  AdminShowListAnswer,
  AdminShowListQuery,
  AdminShowStats,
  AdminShowUpdate,
  CatalogDeletedAnswer,
  CatalogIdParams,
  ShowRefreshAnswer,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminListPagination } from '../../lib/pagination.ts';
import { listShows, showStats } from '../../modules/admin-catalog/admin-shows.repository.ts';
import {
  deleteShow,
  requestShowRefresh,
  updateShow,
} from '../../modules/admin-catalog/admin-shows.service.ts';

/** admin.md §7 Shows: list (20 a page), stats, edit, delete. */
const adminShowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  guardAdminRoutes(app, app.catalog.guards?.requireAdmin);
  const ctx = app.catalog;

  app.get(
    '/api/admin/shows',
    {
      schema: {
        operationId: 'listAdminShows',
        summary: 'List shows for the back office',
        querystring: AdminShowListQuery,
        response: { 200: AdminShowListAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { shows, total } = await listShows(ctx.db, page, limit, search);
      return {
        shows,
        pagination: adminListPagination('totalShows', page, limit, total),
      };
    },
  );

  app.get(
    '/api/admin/shows/stats',
    {
      schema: {
        operationId: 'getShowStats',
        summary: 'Count shows',
        response: { 200: AdminShowStats, ...AdminWriteErrorResponses },
      },
    },
    async () => showStats(ctx.db),
  );

  app.put(
    '/api/admin/shows/:id',
    {
      schema: {
        operationId: 'updateShow',
        summary: 'Update a show',
        params: CatalogIdParams,
        body: AdminShowUpdate,
        response: { 200: AdminShow, ...AdminWriteErrorResponses },
      },
    },
    async (request) => updateShow(ctx, request.log, request.params.id, request.body, auditActorOf(request)),
  );

  // Beyond the spec: an admin asks for a fresh TVmaze lookup (hand-edited fields stay as they are).
  app.post(
    '/api/admin/shows/:id/refresh-from-tvmaze',
    {
      schema: {
        operationId: 'refreshShowFromTvmaze',
        summary: 'Refresh a show from TVmaze in the background',
        params: CatalogIdParams,
        response: { 202: ShowRefreshAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const show = await requestShowRefresh(ctx, request.log, request.params.id);
      return reply.status(202).send({ queued: true, showId: show._id });
    },
  );

  app.delete(
    '/api/admin/shows/:id',
    {
      schema: {
        operationId: 'deleteShow',
        summary: 'Delete a show',
        params: CatalogIdParams,
        response: { 200: CatalogDeletedAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      await deleteShow(ctx, request.log, request.params.id, auditActorOf(request));
      return { deleted: true, _id: request.params.id };
    },
  );
};

export default adminShowRoutes;
