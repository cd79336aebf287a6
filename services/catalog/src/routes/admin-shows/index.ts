import {
  AdminShow,
  AdminShowListAnswer,
  AdminShowListQuery,
  AdminShowStats,
  AdminShowUpdate,
  CatalogDeletedAnswer,
  CatalogIdParams,
} from '@celebstyle/contracts';
import type { AuthGuards } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listShows, showStats } from '../../modules/admin-catalog/admin-shows.repository.ts';
import { deleteShow, updateShow } from '../../modules/admin-catalog/admin-shows.service.ts';
import { guardAdminRoutes } from '../../plugins/admin-guard.ts';
import { adminErrors } from '../admin-posts/errors.ts';

/** admin.md §7 Shows: list (20 a page), stats, edit, delete. */
const adminShowRoutes: FastifyPluginAsyncTypebox<{ guards: AuthGuards | null }> = async (app, { guards }) => {
  guardAdminRoutes(app, guards);
  const ctx = app.catalog;

  app.get(
    '/api/admin/shows',
    { schema: { querystring: AdminShowListQuery, response: { 200: AdminShowListAnswer, ...adminErrors } } },
    async (request) => {
      const { page, limit, search } = request.query;
      const { shows, total } = await listShows(ctx.db, page, limit, search);
      const totalPages = Math.ceil(total / limit);
      return {
        shows,
        pagination: {
          totalShows: total,
          totalPages,
          currentPage: page,
          limit,
          hasPrevPage: page > 1,
          hasNextPage: page < totalPages,
        },
      };
    },
  );

  app.get(
    '/api/admin/shows/stats',
    { schema: { response: { 200: AdminShowStats, ...adminErrors } } },
    async () => showStats(ctx.db),
  );

  app.put(
    '/api/admin/shows/:id',
    {
      schema: {
        params: CatalogIdParams,
        body: AdminShowUpdate,
        response: { 200: AdminShow, ...adminErrors },
      },
    },
    async (request) => (await updateShow(ctx, request.log, request.params.id, request.body)).show,
  );

  app.delete(
    '/api/admin/shows/:id',
    { schema: { params: CatalogIdParams, response: { 200: CatalogDeletedAnswer, ...adminErrors } } },
    async (request) => {
      await deleteShow(ctx, request.log, request.params.id);
      return { deleted: true, _id: request.params.id };
    },
  );
};

export default adminShowRoutes;
