import {
  SupportListAnswer,
  SupportListQuery,
  SupportRequestAnswer,
  SupportRespondBody,
  SupportStatsAnswer,
  SupportStatusBody,
  AdminErrorResponses,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  getRequest,
  getStats,
  listRequests,
  respond,
  setStatus,
} from '../../modules/support/support.service.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** admin.md §7 Support, for signed-in, active admins (service-kit guards; revocation is immediate). */
const adminSupportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  guardAdminRoutes(app, ctx.guards?.requireAdmin);

  app.get(
    '/api/admin/support',
    {
      schema: {
        operationId: 'listSupportMessages',
        summary: 'List support messages',
        querystring: SupportListQuery,
        response: { 200: SupportListAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => listRequests(ctx.support, request.query),
  );

  app.get(
    '/api/admin/support/stats',
    {
      schema: {
        operationId: 'getSupportStats',
        summary: 'Count support messages by status',
        response: { 200: SupportStatsAnswer, ...AdminErrorResponses },
      },
    },
    async () => getStats(ctx.support),
  );

  app.get(
    '/api/admin/support/:id',
    {
      schema: {
        operationId: 'getSupportMessage',
        summary: 'Read a support message',
        params: IdParams,
        response: { 200: SupportRequestAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => getRequest(ctx.support, request.params.id),
  );

  app.put(
    '/api/admin/support/:id',
    {
      schema: {
        operationId: 'updateSupportMessage',
        summary: 'Update a support message',
        params: IdParams,
        body: SupportStatusBody,
        response: { 200: SupportRequestAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => setStatus(ctx.support, request.params.id, request.body.status, auditActorOf(request)),
  );

  app.post(
    '/api/admin/support/:id/respond',
    {
      schema: {
        operationId: 'respondToSupportMessage',
        summary: 'Answer a support message by e-mail',
        params: IdParams,
        body: SupportRespondBody,
        response: { 200: SupportRequestAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) =>
      respond(ctx.support, request.params.id, request.body.responseText, auditActorOf(request)),
  );
};

export default adminSupportRoutes;
