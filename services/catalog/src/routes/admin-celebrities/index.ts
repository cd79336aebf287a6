import {
  AdminCelebrity,
  AdminCelebrityListAnswer,
  AdminCelebrityListQuery,
  AdminCelebrityStats,
  AdminCelebrityUpdate,
  CatalogDeletedAnswer,
  CatalogIdParams,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminListPagination } from '../../lib/pagination.ts';
import { celebrityStats, listCelebrities } from '../../modules/admin-catalog/admin-celebrities.repository.ts';
import { deleteCelebrity, updateCelebrity } from '../../modules/admin-catalog/admin-celebrities.service.ts';

/** admin.md §7 Celebrities: list (one fetch of 500), stats, edit, delete. */
const adminCelebrityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  guardAdminRoutes(app, app.catalog.guards?.requireAdmin);
  const ctx = app.catalog;

  app.get(
    '/api/admin/celebrities',
    {
      schema: {
        operationId: 'listAdminCelebrities',
        summary: 'List celebrities for the back office',
        querystring: AdminCelebrityListQuery,
        response: { 200: AdminCelebrityListAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { celebrities, total } = await listCelebrities(ctx.db, page, limit, search);
      return {
        celebrities,
        pagination: adminListPagination('totalCelebrities', page, limit, total),
      };
    },
  );

  app.get(
    '/api/admin/celebrities/stats',
    {
      schema: {
        operationId: 'getCelebrityStats',
        summary: 'Count celebrities',
        response: { 200: AdminCelebrityStats, ...AdminWriteErrorResponses },
      },
    },
    async () => celebrityStats(ctx.db),
  );

  app.put(
    '/api/admin/celebrities/:id',
    {
      schema: {
        operationId: 'updateCelebrity',
        summary: 'Update a celebrity',
        params: CatalogIdParams,
        body: AdminCelebrityUpdate,
        response: { 200: AdminCelebrity, ...AdminWriteErrorResponses },
      },
    },
    async (request) =>
      updateCelebrity(ctx, request.log, request.params.id, request.body, auditActorOf(request)),
  );

  app.delete(
    '/api/admin/celebrities/:id',
    {
      schema: {
        operationId: 'deleteCelebrity',
        summary: 'Delete a celebrity',
        params: CatalogIdParams,
        response: { 200: CatalogDeletedAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      await deleteCelebrity(ctx, request.log, request.params.id, auditActorOf(request));
      return { deleted: true, _id: request.params.id };
    },
  );
};

export default adminCelebrityRoutes;
