import { AdminPostStats, ErrorBody } from '@celebstyle/contracts';
import { serviceUnavailable, type AuthGuards } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { postStats } from '../../modules/admin-posts/post-stats.repository.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 503: ErrorBody };

/**
 * The back office's post reads (admin.md §7), for signed-in, active admins (service-kit guards,
 * revocation on the next request), on top of the gateway's own token check. So far the dashboard's
 * statistics; moderation routes land with the Posts screen.
 */
const adminPostRoutes: FastifyPluginAsyncTypebox<{ guards: AuthGuards | null }> = async (app, { guards }) => {
  // Without the accounts public keys no token can be checked: refuse rather than answer unchecked.
  app.addHook(
    'onRequest',
    guards?.requireAdmin ??
      (async () => {
        throw serviceUnavailable('Admin sign-in is not configured on this service');
      }),
  );
  app.get(
    '/api/admin/posts/stats',
    { schema: { response: { 200: AdminPostStats, ...errors } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return postStats(app.catalog.db);
    },
  );
};

export default adminPostRoutes;
