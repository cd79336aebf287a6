import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminRecord,
  ChangePasswordAnswer,
  ChangePasswordBody,
  LoginAnswer,
  LoginBody,
  LogoutBody,
  MessageAnswer,
  RefreshAnswer,
  RefreshBody,
  errorResponses,
} from '@celebstyle/contracts';
import { BEARER_AUTH } from '@celebstyle/service-kit';
import { toAdminRecord } from '../../modules/admins/admin-record.ts';

const errors = errorResponses(400, 401, 403, 429, 503);

/**
 * admin.md §7 Session. Full paths: the gateway strips nothing. Sign-in and refresh take no access
 * token; the others are guarded one by one, so they name the bearer token in the document themselves.
 */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth, guards } = app.accounts;

  app.post(
    '/api/admin/auth/login',
    {
      schema: {
        operationId: 'login',
        summary: 'Sign in: an access token and a refresh token',
        body: LoginBody,
        response: { 200: LoginAnswer, ...errors },
      },
    },
    async (request) => auth.login(request.body ?? {}, request.ip),
  );

  app.post(
    '/api/admin/auth/refresh',
    {
      schema: {
        operationId: 'refreshSession',
        summary: 'Exchange a refresh token for new tokens',
        body: RefreshBody,
        response: { 200: RefreshAnswer, ...errors },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/api/admin/auth/logout',
    {
      onRequest: guards.requireAdmin,
      schema: {
        operationId: 'logout',
        security: BEARER_AUTH,
        summary: 'Sign out this session',
        body: LogoutBody,
        response: { 200: MessageAnswer, ...errors },
      },
    },
    async (request) => {
      // The guard verified the token; its session id names the refresh-token family.
      const { id, username, sessionId } = request.admin!;
      await auth.logout({ id, username }, sessionId, request.body?.refreshToken);
      return { message: 'Logged out' };
    },
  );

  app.put(
    '/api/admin/auth/password',
    {
      onRequest: guards.requireAdmin,
      schema: {
        operationId: 'changeOwnPassword',
        security: BEARER_AUTH,
        summary: 'Change your own password',
        body: ChangePasswordBody,
        response: { 200: ChangePasswordAnswer, ...errors },
      },
    },
    async (request) => auth.changeOwnPassword(request.admin!.id, request.body ?? {}, request.ip),
  );

  app.get(
    '/api/admin/auth/profile',
    {
      onRequest: guards.requireAdmin,
      schema: {
        operationId: 'getOwnProfile',
        security: BEARER_AUTH,
        summary: 'Your own admin account',
        response: { 200: AdminRecord, ...errors },
      },
    },
    // The guard chain already loaded the current row from the database.
    async (request) => toAdminRecord(request.currentAdmin!),
  );
};
