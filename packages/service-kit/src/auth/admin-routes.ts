import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../errors.ts';
import { BEARER_AUTH } from '../openapi/operation-docs.ts';
import type { Guard } from './guards.ts';

/**
 * Puts every route of the calling (encapsulated) plugin behind an admin guard (admin.md §6), checked
 * on `onRequest`, before any body is read, with `no-store` answers. Without a guard (no public keys
 * configured) no token can be checked: every route answers 503 rather than answer unchecked.
 * The OpenAPI document names the bearer token on each of them.
 * docs/conventions.md, Service layout: admin guards.
 */
export function guardAdminRoutes(app: FastifyInstance, guard: Guard | null | undefined): void {
  // Routes declared after this, in this plugin: the hook is as encapsulated as the guard.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: route.schema?.security ?? BEARER_AUTH };
  });
  app.addHook(
    'onRequest',
    guard ??
      (async () => {
        throw serviceUnavailable('Admin sign-in is not configured on this service');
      }),
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });
}
