import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AuditLogAnswer, AuditLogQuery, errorResponses } from '@celebstyle/contracts';
import { guardAdminRoutes } from '@celebstyle/service-kit';

const errors = errorResponses(400, 401, 403, 503);
const ExportQuery = Type.Omit(AuditLogQuery, ['cursor', 'limit']);

/**
 * The audit log, read only: there is no route that edits or deletes an entry. Every admin reads
 * it (a post's history in its details dialog too); only super admins export it.
 */
export const auditLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auditLog, guards } = app.accounts;
  guardAdminRoutes(app, guards.requireAdmin);

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        operationId: 'listAuditEntries',
        summary: 'List audit log entries, newest first',
        querystring: AuditLogQuery,
        response: { 200: AuditLogAnswer, ...errors },
      },
    },
    async (request) => auditLog.list(request.query),
  );
};

export const auditLogExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auditLog, guards } = app.accounts;
  guardAdminRoutes(app, guards.requireSuperAdmin);

  app.get(
    '/api/admin/audit-log/export',
    {
      schema: {
        operationId: 'exportAuditLog',
        summary: 'Export the audit log as CSV',
        querystring: ExportQuery,
        produces: ['text/csv'],
        response: {
          200: Type.String({ description: 'CSV, one entry a line, newest first' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const csv = auditLog.exportCsv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
          // A stream is sent as it is (never serialized); the 200 schema documents the CSV text.
          .send(csv as unknown as string)
      );
    },
  );
};
