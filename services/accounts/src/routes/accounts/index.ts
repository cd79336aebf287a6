import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAnswer,
  AdminIdParams,
  AdminListAnswer,
  AdminListQuery,
  AdminStats,
  CreateAdminBody,
  MessageAnswer,
  ResetPasswordBody,
  UpdateAdminBody,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { guardAdminRoutes } from '@celebstyle/service-kit';

/** admin.md §7 Admin accounts; only super admins reach any of it (admin.md §6). */
export const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { admins, guards } = app.accounts;
  // Checked on onRequest: the caller is checked before any body is read or validated.
  guardAdminRoutes(app, guards.requireSuperAdmin);
  const actorOf = (request: { currentAdmin: { id: string; username: string } | null }) => ({
    id: request.currentAdmin!.id,
    username: request.currentAdmin!.username,
  });

  app.get(
    '/api/admin/accounts',
    {
      schema: {
        operationId: 'listAdminAccounts',
        summary: 'List admin accounts',
        querystring: AdminListQuery,
        response: { 200: AdminListAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => admins.list(request.query),
  );

  app.get(
    '/api/admin/accounts/stats',
    {
      schema: {
        operationId: 'getAdminAccountStats',
        summary: 'Count admin accounts',
        response: { 200: AdminStats, ...AdminWriteErrorResponses },
      },
    },
    async () => admins.stats(),
  );

  app.post(
    '/api/admin/accounts',
    {
      schema: {
        operationId: 'createAdminAccount',
        summary: 'Create an admin account',
        body: CreateAdminBody,
        response: { 201: AdminAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = await admins.create(actorOf(request), request.body ?? {});
      return reply.status(201).send({ message: 'Admin account created', admin });
    },
  );

  app.put(
    '/api/admin/accounts/:id',
    {
      schema: {
        operationId: 'updateAdminAccount',
        summary: 'Update an admin account',
        params: AdminIdParams,
        body: UpdateAdminBody,
        response: { 200: AdminAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => ({
      message: 'Admin account updated',
      admin: await admins.update(actorOf(request), request.params.id, request.body ?? {}),
    }),
  );

  app.delete(
    '/api/admin/accounts/:id',
    {
      schema: {
        operationId: 'deleteAdminAccount',
        summary: 'Delete an admin account',
        params: AdminIdParams,
        response: { 200: MessageAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      await admins.delete(actorOf(request), request.params.id);
      return { message: 'Admin account deleted' };
    },
  );

  app.put(
    '/api/admin/accounts/:id/activate',
    {
      schema: {
        operationId: 'activateAdminAccount',
        summary: 'Activate an admin account',
        params: AdminIdParams,
        response: { 200: AdminAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => ({
      message: 'Admin account activated',
      admin: await admins.activate(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/admin/accounts/:id/deactivate',
    {
      schema: {
        operationId: 'deactivateAdminAccount',
        summary: 'Deactivate an admin account',
        params: AdminIdParams,
        response: { 200: AdminAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => ({
      message: 'Admin account deactivated',
      admin: await admins.deactivate(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/admin/accounts/:id/reset-password',
    {
      schema: {
        operationId: 'resetAdminPassword',
        summary: "Reset an admin's password",
        params: AdminIdParams,
        body: ResetPasswordBody,
        response: { 200: MessageAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => {
      await admins.resetPassword(actorOf(request), request.params.id, request.body ?? {});
      return { message: 'Password reset' };
    },
  );
};
