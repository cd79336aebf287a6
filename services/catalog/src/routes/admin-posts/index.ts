import { AdminPostStats, errorResponses } from '@celebstyle/contracts';
import { guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { postStats } from '../../modules/admin-posts/post-stats.repository.ts';
import bulkRoutes from './bulk.ts';
import filterRoutes from './filters.ts';
import importRoutes from './import.ts';
import shareRoutes from './share.ts';
import moderationRoutes from './moderation.ts';
import postRoutes from './posts.ts';
import reviewRoutes from './review.ts';

const errors = errorResponses(401, 403, 503);

/**
 * The back office's post routes (admin.md §7 Posts), for signed-in, active admins (service-kit
 * guards, revocation on the next request), on top of the gateway's own token check.
 */
const adminPostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  guardAdminRoutes(app, app.catalog.guards?.requireAdmin);
  app.get(
    '/api/admin/posts/stats',
    {
      schema: {
        operationId: 'getPostStats',
        summary: 'Count posts by status',
        response: { 200: AdminPostStats, ...errors },
      },
    },
    async () => postStats(app.catalog.db),
  );
  await app.register(filterRoutes);
  await app.register(importRoutes);
  await app.register(shareRoutes);
  await app.register(reviewRoutes);
  await app.register(postRoutes);
  await app.register(moderationRoutes);
  await app.register(bulkRoutes);
};

export default adminPostRoutes;
