import { serviceUnavailable, type AuthGuards } from '@celebstyle/service-kit';
import type { FastifyInstance } from 'fastify';

/**
 * Puts every route of the calling plugin behind requireAdmin (admin.md §6), with `no-store`
 * answers. Without the accounts public keys no token can be checked: refuse rather than answer
 * unchecked.
 */
export function guardAdminRoutes(app: FastifyInstance, guards: AuthGuards | null): void {
  app.addHook(
    'onRequest',
    guards?.requireAdmin ??
      (async () => {
        throw serviceUnavailable('Admin sign-in is not configured on this service');
      }),
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });
}
