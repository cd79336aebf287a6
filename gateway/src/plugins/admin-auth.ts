import { ErrorCode } from '@celebstyle/contracts';
import { AppError, type AuthGuards } from '@celebstyle/service-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_API_PREFIX, ADMIN_API_PUBLIC_PATHS, requiresAdminToken } from '../route-table.ts';

export interface AdminAuthOptions {
  /** null when no public keys are configured: admin calls then answer 503 instead of passing unchecked. */
  guards: AuthGuards | null;
}

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    throw new AppError(400, ErrorCode.badRequest, 'Malformed request path');
  }
}

/**
 * admin.md §6: every admin must be authenticated. The gateway rejects a missing or invalid access
 * token on /api/admin/* (except sign-in and refresh) before any upstream sees the request. Runs at
 * onRequest, before the body is read.
 * The path is decoded first and the matched route is checked too, so an encoded path cannot slip past.
 */
async function adminAuth(app: FastifyInstance, options: AdminAuthOptions): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const path = decodedPath(request.url);
    const route = request.routeOptions.url ?? '';
    const routeIsAdmin = route === ADMIN_API_PREFIX || route.startsWith(`${ADMIN_API_PREFIX}/`);
    const exempt = ADMIN_API_PUBLIC_PATHS.includes(path.replace(/\/$/, ''));
    if (!requiresAdminToken(path) && !(routeIsAdmin && !exempt)) return;
    if (!options.guards) {
      throw new AppError(
        503,
        ErrorCode.serviceUnavailable,
        'Admin sign-in is not configured on this gateway',
      );
    }
    request.admin = await options.guards.authenticate(request.headers.authorization);
  });
}

export default fp(adminAuth, { name: 'admin-auth' });
